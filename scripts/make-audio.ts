/**
 * Writes the four alert sounds of spec §9 into apps/web/public/audio: short synthesised tones as 8-bit,
 * 16 kHz mono WAV, a few kilobytes each, so they are committed as plain files and load instantly on a
 * tablet. Run: `node --import tsx scripts/make-audio.ts` (the output is deterministic).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SAMPLE_RATE = 16_000;
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/audio');

/** One tone: frequency (Hz), start and length (s), loudness 0..1. */
interface Tone {
  readonly hz: number;
  readonly at: number;
  readonly length: number;
  readonly gain?: number;
}

/** Mixes tones with a soft attack and an exponential decay, so they chime instead of click. */
function render(tones: readonly Tone[]): Float64Array {
  const end = Math.max(...tones.map((tone) => tone.at + tone.length));
  const samples = new Float64Array(Math.ceil(end * SAMPLE_RATE));
  for (const tone of tones) {
    const start = Math.floor(tone.at * SAMPLE_RATE);
    const count = Math.floor(tone.length * SAMPLE_RATE);
    for (let i = 0; i < count; i += 1) {
      const t = i / SAMPLE_RATE;
      const attack = Math.min(1, t / 0.01);
      const decay = Math.exp((-4 * t) / tone.length);
      const wave = Math.sin(2 * Math.PI * tone.hz * t) + 0.3 * Math.sin(4 * Math.PI * tone.hz * t);
      samples[start + i] = (samples[start + i] ?? 0) + (tone.gain ?? 0.6) * attack * decay * wave;
    }
  }
  return samples;
}

/** A RIFF/WAVE file of unsigned 8-bit PCM. */
function wav(samples: Float64Array): Buffer {
  const data = Buffer.alloc(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const clipped = Math.max(-1, Math.min(1, samples[i] ?? 0));
    data[i] = Math.round(128 + clipped * 127);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const SOUNDS: Record<string, readonly Tone[]> = {
  // A bright two-note chime: something needs someone.
  'notification.wav': [
    { hz: 880, at: 0, length: 0.35 },
    { hz: 1318.5, at: 0.18, length: 0.5 },
  ],
  // Three rising notes: a dish or a drink is ready at the pass.
  'kitchen-order-ready.wav': [
    { hz: 1046.5, at: 0, length: 0.3 },
    { hz: 1318.5, at: 0.15, length: 0.3 },
    { hz: 1568, at: 0.3, length: 0.6 },
  ],
  // Two soft falling notes: guests have arrived and sat down.
  'account-seated.wav': [
    { hz: 784, at: 0, length: 0.4, gain: 0.5 },
    { hz: 587.3, at: 0.2, length: 0.6, gain: 0.5 },
  ],
  // One short beep: the speaker works.
  'connection-check.wav': [{ hz: 1000, at: 0, length: 0.25, gain: 0.5 }],
};

fs.mkdirSync(OUT_DIR, { recursive: true });
for (const [name, tones] of Object.entries(SOUNDS)) {
  const file = wav(render(tones));
  fs.writeFileSync(path.join(OUT_DIR, name), file);
  console.log(`${name}: ${file.length} bytes`);
}
