/** The explicit step that lets a tablet play alerts (issue 8). */
export function SoundActivation() {
  return null;
}
