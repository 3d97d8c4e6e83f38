// The phone's rear camera as frames for the scanner: a stream asked for at 1280×720 or more, the
// torch and zoom where the track offers them, and a sentence for every way it can be refused.
// Frames never leave the page: they go to the decoder's Worker as ImageBitmaps and are closed there.

/** What the scanner asks of the camera: the rear one, 1280×720 or more when it has it. */
export const CAMERA_CONSTRAINTS = Object.freeze({
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280, min: 640 }, height: { ideal: 720, min: 480 } },
});

export class Camera {
  constructor(stream, video) {
    Object.assign(this, { stream, video, track: stream.getVideoTracks()[0] });
  }

  /** Starts the camera into `video`; throws an Error whose message is a sentence (cameraProblem). */
  static async open(video) {
    if (!navigator.mediaDevices?.getUserMedia) throw new Error(cameraProblem({ name: 'NotSupportedError' }));
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
    } catch (error) {
      // A camera smaller than 640×480 still scans: ask again without the floor.
      if (error?.name !== 'OverconstrainedError') throw new Error(cameraProblem(error));
      try { stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' } } }); } catch (again) { throw new Error(cameraProblem(again)); }
    }
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    try { await video.play(); } catch { /* autoplay of a muted inline video is allowed; frames still arrive */ }
    return new Camera(stream, video);
  }

  get size() { return { width: this.video.videoWidth, height: this.video.videoHeight }; }

  /** The torch and zoom this track offers ({} when none: most laptops, Firefox). */
  get capabilities() {
    const all = this.track.getCapabilities?.() ?? {};
    return {
      torch: all.torch === true || (Array.isArray(all.torch) && all.torch.includes(true)),
      zoom: all.zoom && all.zoom.max > all.zoom.min ? { min: all.zoom.min, max: all.zoom.max, step: all.zoom.step || 0.1 } : null,
    };
  }

  async setTorch(on) { await this.track.applyConstraints({ advanced: [{ torch: on }] }); }
  async setZoom(value) { await this.track.applyConstraints({ advanced: [{ zoom: value }] }); }

  /** The current frame as an ImageBitmap (to be transferred), or null before the first one. */
  async frame() {
    if (this.video.readyState < 2 || !this.video.videoWidth) return null;
    return createImageBitmap(this.video);
  }

  stop() {
    for (const track of this.stream.getTracks()) track.stop();
    this.video.srcObject = null;
  }
}

/** One sentence a person can act on, for each way getUserMedia fails. */
export function cameraProblem(error) {
  switch (error?.name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The camera is not allowed for this page: allow it in the browser\'s site settings (the icon beside the address), or pick a photo of the code instead.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'This device has no camera the page can use: pick a photo of the code instead.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another app: close it and try again, or pick a photo of the code instead.';
    case 'NotSupportedError':
      return 'This browser cannot use the camera here (it needs HTTPS): pick a photo of the code instead.';
    default:
      return 'The camera could not be started: pick a photo of the code instead.';
  }
}
