"""The web app over https:// behind Caddy and behind nginx, each started from the repository's own file
(deploy/Caddyfile, deploy/nginx-seqr.conf: docs/deploy.md), in front of a started seqr-server that trusts
the proxy's X-Forwarded-For. Chromium trusts the proxy's authority through an NSS database (certutil from
libnss3-tools) — Caddy's own (`tls internal`), or a throwaway one made here for nginx — never by ignoring
certificate errors. Checked: http:// redirects to https://, HSTS and the app's CSP arrive, sign-in (a new
account), a note, the service worker installed, and a live location fix reaching a follower through the
proxy within a second (the feed is not buffered)."""
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import _guard_verdict
from webapp import ROOT, add_note, register, unique

DEPLOY = os.path.join(ROOT, "deploy")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

pytestmark = pytest.mark.skipif(not (shutil.which("caddy") and shutil.which("certutil") and shutil.which("nginx")),
                                reason="caddy, nginx and certutil (libnss3-tools) come with scripts/setup")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port, process, log, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the proxy exited ({process.returncode}): {open(log).read()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"the proxy did not listen on {port}: {open(log).read()[-2000:]}")


class Proxy:
    """A started proxy: `url` is the https origin the page is opened at; `http_url` the plain one."""

    def __init__(self, process, https_port, http_port, authority, log):
        self.process, self.authority, self.log = process, authority, log
        self.url = f"https://localhost:{https_port}"
        self.http_url = f"http://localhost:{http_port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def start_caddy(directory, upstream):
    """deploy/Caddyfile for the name localhost, on free ports, with its state in `directory`."""
    https_port, http_port = free_port(), free_port()
    site = open(os.path.join(DEPLOY, "Caddyfile")).read()
    assert "notes.example.org" in site and "127.0.0.1:8080" in site and "tls internal" in site
    site = site.replace("notes.example.org", "localhost").replace("127.0.0.1:8080", f"127.0.0.1:{upstream}")
    # Only what a test run needs differs from the deployed file: the ports, where Caddy keeps its
    # authority, and no attempt to install that authority into this machine's trust store.
    config = (f"{{\n\thttp_port {http_port}\n\thttps_port {https_port}\n\tskip_install_trust\n\tadmin off\n"
              f"\tstorage file_system {{\n\t\troot {directory}/caddy-data\n\t}}\n}}\n" + site)
    path = os.path.join(directory, "Caddyfile")
    open(path, "w").write(config)
    log = os.path.join(directory, "caddy.log")
    env = {**os.environ, "HOME": directory, "XDG_DATA_HOME": directory, "XDG_CONFIG_HOME": directory}
    process = subprocess.Popen(["caddy", "run", "--config", path, "--adapter", "caddyfile"],
                               stdout=open(log, "w"), stderr=subprocess.STDOUT, env=env)
    wait_for_port(https_port, process, log)
    authority = os.path.join(directory, "caddy-data", "pki", "authorities", "local", "root.crt")
    deadline = time.monotonic() + 30
    while not os.path.exists(authority) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert os.path.exists(authority), open(log).read()[-2000:]
    return Proxy(process, https_port, http_port, authority, log)


def throwaway_authority(directory):
    """An authority made for this test and a certificate it signs for localhost: (authority, certificate, key)."""
    ca_key, ca_cert = os.path.join(directory, "ca.key"), os.path.join(directory, "ca.crt")
    key, request, cert = (os.path.join(directory, name) for name in ("site.key", "site.csr", "site.crt"))
    extensions = os.path.join(directory, "site.ext")
    open(extensions, "w").write("subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n"
                                "keyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n")
    for command in (
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", ca_key,
         "-out", ca_cert, "-days", "2", "-subj", "/CN=Seqr test authority", "-addext", "basicConstraints=critical,CA:TRUE",
         "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
        ["openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", request,
         "-subj", "/CN=localhost"],
        ["openssl", "x509", "-req", "-in", request, "-CA", ca_cert, "-CAkey", ca_key, "-CAcreateserial", "-out", cert,
         "-days", "2", "-extfile", extensions],
    ):
        subprocess.run(command, check=True, capture_output=True)
    return ca_cert, cert, key


def start_nginx(directory, upstream):
    """deploy/nginx-seqr.conf for the name localhost, on free loopback ports, with a certificate of a throwaway authority."""
    https_port, http_port = free_port(), free_port()
    authority, cert, key = throwaway_authority(directory)
    site = open(os.path.join(DEPLOY, "nginx-seqr.conf")).read()
    for placeholder in ("listen 80;", "listen 443 ssl http2;", "notes.example.org", "127.0.0.1:8080"):
        assert placeholder in site, placeholder
    site = (site.replace("listen 80;", f"listen 127.0.0.1:{http_port};")
            .replace("listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;")
            .replace("/etc/letsencrypt/live/notes.example.org/fullchain.pem", cert)
            .replace("/etc/letsencrypt/live/notes.example.org/privkey.pem", key)
            .replace("notes.example.org", "localhost")
            .replace("127.0.0.1:8080", f"127.0.0.1:{upstream}"))
    site = "\n".join(line for line in site.splitlines() if "listen [::]" not in line)
    temp = "\n".join(f"    {kind}_temp_path {directory}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    # The deployed file is a site (sites-available/); around it, what Debian's nginx.conf gives it.
    config = (f"daemon off;\nworker_processes 1;\npid {directory}/nginx.pid;\nerror_log {directory}/error.log;\n"
              f"events {{}}\nhttp {{\n    include /etc/nginx/mime.types;\n    access_log off;\n{temp}\n{site}\n}}\n")
    path = os.path.join(directory, "nginx.conf")
    open(path, "w").write(config)
    log = os.path.join(directory, "nginx.log")
    process = subprocess.Popen(["nginx", "-c", path, "-p", directory, "-e", f"{directory}/error.log"],
                               stdout=open(log, "w"), stderr=subprocess.STDOUT)
    wait_for_port(https_port, process, log)
    return Proxy(process, https_port, http_port, authority, log)


def trusting_home(directory, authority):
    """A home directory whose NSS database (~/.pki/nssdb, which Chromium reads) trusts `authority` for sites."""
    home = os.path.join(directory, "home")
    nssdb = os.path.join(home, ".pki", "nssdb")
    os.makedirs(nssdb)
    subprocess.run(["certutil", "-N", "-d", f"sql:{nssdb}", "--empty-password"], check=True, capture_output=True)
    subprocess.run(["certutil", "-A", "-d", f"sql:{nssdb}", "-t", "C,,", "-n", "Seqr test authority", "-i", authority],
                   check=True, capture_output=True)
    return home


def redirect_of(url):
    """The status and Location of a plain-http answer, not followed."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    try:
        urllib.request.build_opener(NoRedirect).open(url, timeout=10)
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", "")
    return 200, ""


@pytest.mark.page_only
@pytest.mark.parametrize("kind", ["caddy", "nginx"])
def test_web_app_over_https_behind_a_proxy(kind, start_server, playwright, browser_context_args, page_guard, work_dir):
    directory = os.path.join(work_dir, f"{kind}-{unique('tls')}")
    os.makedirs(directory)
    server = start_server("--trusted-proxy", "127.0.0.1")
    proxy = (start_caddy if kind == "caddy" else start_nginx)(directory, server.port)
    browser = None
    try:
        status, location = redirect_of(proxy.http_url + "/app/")
        assert status in (301, 302, 308) and location.startswith("https://localhost"), (status, location)
        home = trusting_home(directory, proxy.authority)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"], env={**os.environ, "HOME": home})
        context = browser.new_context(**{**browser_context_args,
                                         "geolocation": {"latitude": 46.9480, "longitude": 7.4474, "accuracy": 8}})
        page_guard.watch(context, proxy)
        page = context.new_page()
        response = page.goto(proxy.url + "/app/#/register")
        assert response.ok, response.status
        assert response.headers.get("strict-transport-security", "").startswith("max-age="), response.headers
        assert "default-src 'none'" in response.headers.get("content-security-policy", ""), response.headers
        # Loaded at all means trusted (nothing ignores certificate errors); and by the authority expected.
        issuer = response.security_details()["issuer"]
        assert issuer.startswith("Caddy Local Authority" if kind == "caddy" else "Seqr test authority"), issuer
        register(page, unique(kind))
        add_note(page, "Over TLS", f"through {kind}")
        assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active !== null)") is True
        # Live location through the proxy: a follower's viewer, then a move.
        page.get_by_role("link", name="Location", exact=True).click()
        page.get_by_role("button", name="Start sharing").click()
        expect(page.locator("#fix-count")).to_have_text("1")
        link = page.get_by_label("Share link", exact=True).input_value()
        assert link.startswith(proxy.url + "/l/"), link
        viewer = context.new_page()
        viewer.goto(link)
        expect(viewer.locator("#count")).to_have_text("1")
        # The live feed (Server-Sent Events) is open: not the polling fallback a buffering proxy forces.
        expect(viewer.locator("#status")).to_have_text(re.compile(r"^Live · decrypted"))
        context.set_geolocation({"latitude": 46.9485, "longitude": 7.4480, "accuracy": 8})
        expect(page.locator("#fix-count")).to_have_text("2")
        # Sent by the sharer: a feed that is not buffered shows it at once (a buffering proxy held
        # it until its buffer filled: never, for one 400-byte event).
        expect(viewer.locator("#count")).to_have_text("2", timeout=1_000)
        _guard_verdict(page_guard)
    finally:
        if browser:
            browser.close()
        proxy.stop()
