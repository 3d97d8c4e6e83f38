"""The fake camera that scanner tests use (fake_camera.py, the `fake_camera` fixture): the page's
getUserMedia gets a track whose frames are the pictures given."""
import os
import subprocess

import pytest

from fake_camera import read_png_rgb

LEFT, RIGHT = (200, 40, 40), (40, 90, 210)


def write_png(path, width, height, pixel):
    """A PNG through netpbm's pnmtopng, from an RGB function of (x, y)."""
    raster = bytes(channel for y in range(height) for x in range(width) for channel in pixel(x, y))
    png = subprocess.run(["pnmtopng"], input=f"P6 {width} {height} 255\n".encode() + raster, capture_output=True, check=True).stdout
    with open(path, "wb") as f:
        f.write(png)
    return path


@pytest.mark.page_only
def test_fake_camera_plays_the_picture(fake_camera, seqr_server, work_dir):
    """getUserMedia in the page gets the picture: its size, and the colour of each half within the rounding of Y'CbCr."""
    picture = write_png(os.path.join(work_dir, "halves.png"), 64, 48, lambda x, y: LEFT if x < 32 else RIGHT)
    assert read_png_rgb(picture)[2][10][5] == LEFT  # the reader reads what was written
    page = fake_camera([picture]).new_page()
    page.goto(seqr_server.url + "/app/")
    frame = page.evaluate("""async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      const video = document.createElement('video');
      video.muted = true;
      video.srcObject = stream;
      await video.play();
      while (video.videoWidth === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d');
      context.drawImage(video, 0, 0);
      const at = (x, y) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
      stream.getTracks().forEach((track) => track.stop());
      return { width: canvas.width, height: canvas.height, left: at(12, 24), right: at(52, 24) };
    }""")
    assert (frame["width"], frame["height"]) == (64, 48), frame
    for seen, expected in ((frame["left"], LEFT), (frame["right"], RIGHT)):
        assert all(abs(a - b) <= 12 for a, b in zip(seen, expected)), frame
