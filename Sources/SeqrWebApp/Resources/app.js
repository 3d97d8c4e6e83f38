// Placeholder: the web app's entry module (replaced by the client side of issue 31).
import { statusText } from "./js/status.js";

document.getElementById("status").textContent = statusText();
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js", { scope: "./" });
}
