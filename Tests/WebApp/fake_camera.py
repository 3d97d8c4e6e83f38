"""A camera for the browser tests: pictures made into a YUV4MPEG2 video (.y4m), which Chromium plays as its
camera when launched with --use-fake-device-for-media-stream --use-file-for-fake-video-capture=FILE.y4m (the
`fake_camera` fixture in conftest.py does that).

PNG is read through netpbm's pngtopnm (Debian's netpbm, installed by scripts/setup; no Pillow), RGB is
converted to Y'CbCr with the BT.601 studio-range matrix, which Chromium's I420 decoding assumes, and chroma
is averaged over 2×2 blocks (C420)."""
import subprocess


def read_png_rgb(path):
    """(width, height, rows of (r, g, b) in 0…255) of a PNG; transparency is ignored (pngtopnm drops it)."""
    data = subprocess.run(["pngtopnm", path], capture_output=True, check=True).stdout
    fields, position = [], 0
    while len(fields) < 4:  # magic, width, height, maxval: separated by white space, '#' comments allowed
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    position += 1  # the single white-space byte before the raster
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic not in (b"P5", b"P6"):
        raise ValueError(f"{path}: pngtopnm wrote {magic!r}, expected P5 or P6")
    channels = 3 if magic == b"P6" else 1
    size = 2 if maxval > 255 else 1
    raster = data[position:]
    samples = [int.from_bytes(raster[i:i + size], "big") * 255 // maxval for i in range(0, width * height * channels * size, size)]
    if channels == 1:
        pixels = [(v, v, v) for v in samples]
    else:
        pixels = [tuple(samples[i:i + 3]) for i in range(0, len(samples), 3)]
    return width, height, [pixels[y * width:(y + 1) * width] for y in range(height)]


def _clamp(value):
    return max(0, min(255, int(round(value))))


def yuv420_frame(width, height, rows):
    """One I420 frame (the Y plane, then Cb, then Cr at half width and height, rounded up) of RGB rows."""
    y_plane = bytearray()
    for row in rows:
        for r, g, b in row:
            y_plane.append(_clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255))
    cb_plane, cr_plane = bytearray(), bytearray()
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            block = [rows[yy][xx] for yy in (y, min(y + 1, height - 1)) for xx in (x, min(x + 1, width - 1))]
            r, g, b = (sum(p[i] for p in block) / 4 for i in range(3))
            cb_plane.append(_clamp(128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255))
            cr_plane.append(_clamp(128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255))
    return bytes(y_plane + cb_plane + cr_plane)


def write_y4m(pngs, path, frames_per_second=10):
    """Writes the PNG pictures, all of one size, as the frames of a YUV4MPEG2 (C420) video; Chromium's fake
    camera loops it."""
    if not pngs:
        raise ValueError("write_y4m: no picture")
    frames, size = [], None
    for png in pngs:
        width, height, rows = read_png_rgb(png)
        if size and size != (width, height):
            raise ValueError(f"{png} is {width}×{height}, the first picture {size[0]}×{size[1]}: one size for all frames")
        size = (width, height)
        frames.append(yuv420_frame(width, height, rows))
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{size[0]} H{size[1]} F{frames_per_second}:1 Ip A1:1 C420\n".encode())
        for frame in frames:
            f.write(b"FRAME\n" + frame)
    return path


def code_frames(png, seqr):
    """What a phone held over each QR code of a picture sees (a key sheet's code, say): the code with a margin,
    in colour, on a grey 1280×720 frame — one frame a code, where `seqr decode --json` found them."""
    import json
    import subprocess
    read = json.loads(subprocess.run([seqr, "decode", "--json", png], check=True, capture_output=True).stdout)
    frames = []
    for i, code in enumerate(c for page in read for c in page["codes"]):
        xs, ys = [p["x"] for p in code["corners"]], [p["y"] for p in code["corners"]]
        margin = (max(xs) - min(xs)) // 8
        left, top = max(0, min(xs) - margin), max(0, min(ys) - margin)
        cut_w, cut_h = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
        if cut_w > 1280 or cut_h > 720:
            raise ValueError(f"{png}: code {i} is {cut_w}×{cut_h}, larger than a 1280×720 frame")
        frame = png[:-len(".png")] + f"-qr{i}.png"
        subprocess.run(f"pngtopnm '{png}' | pnmcut {left} {top} {cut_w} {cut_h} | ppmtoppm > '{frame}.code' && ppmmake rgb:b0/b0/b0 1280 720 > '{frame}.bg'"
                       f" && pnmpaste '{frame}.code' {(1280 - cut_w) // 2} {(720 - cut_h) // 2} '{frame}.bg' | pnmtopng > '{frame}'",
                       shell=True, check=True, capture_output=True)
        frames.append(frame)
    return frames
