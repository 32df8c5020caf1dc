/**
 * Face matching for eKYC (issue 3; DESIGN.md §8): @vladmandic/face-api 128-d descriptors on the
 * TensorFlow.js WASM backend, running offline inside the server process. The models and the .wasm
 * files come from node_modules (face-api's `model/` folder, tfjs-backend-wasm's `dist/`); images are
 * decoded with sharp into raw RGB tensors. The model is loaded once per process, lazily, on first use.
 *
 * Score (ADR 0013): `100 × (1 − distance / 2)`, so face-api's recommended decision distance 0.6 is 70,
 * the pass mark (spec §9 `min_verification_score=70`).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { useLeanSsd } from './ssd-lean.ts';

const require = createRequire(import.meta.url);

/** The pass mark on the 0–100 scale (spec §9). */
export const MIN_VERIFICATION_SCORE = 70;
/** Longest image side fed to the detector (larger images are scaled down: speed and memory). */
const MAX_SIDE = 1024;
/** Detector confidence below which a box is not a face. */
const MIN_CONFIDENCE = 0.5;

/** Descriptor distance → 0–100 score (ADR 0013), rounded to 2 decimals. */
export function scoreFromDistance(distance: number): number {
  const s = 100 * (1 - distance / 2);
  return Math.round(Math.min(100, Math.max(0, s)) * 100) / 100;
}

/** Why an image cannot be used: no face, more than one face, or not a decodable image. */
export type FaceProblem = 'no_face' | 'many_faces' | 'unreadable';

export class FaceError extends Error {
  constructor(
    public problem: FaceProblem,
    public which: 'selfie_image' | 'mykad_image',
  ) {
    super(`${which}: ${problem}`);
  }
}

// face-api's Node + WASM entry (CommonJS; requires @tensorflow/tfjs and @tensorflow/tfjs-backend-wasm).
// (the bundle's typings do not describe the tf namespace it re-exports, hence `any`)
type FaceApi = any;
let loading: Promise<FaceApi> | null = null;

/** Load the backend and the three models once per process (concurrent callers share the promise). */
export function loadFaceModel(): Promise<FaceApi> {
  loading ??= (async () => {
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const wasm = require('@tensorflow/tfjs-backend-wasm');
    const wasmDir = join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';
    const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    wasm.setWasmPaths(wasmDir);
    await faceapi.tf.setBackend('wasm');
    await faceapi.tf.ready();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
    // The same detector, layer by layer with early frees: the WASM heap's peak is ~70 MB lower (ADR 0186).
    useLeanSsd(faceapi.tf, faceapi.nets.ssdMobilenetv1);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
    return faceapi;
  })().catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** Decode an image (JPEG/PNG/WebP; EXIF rotation applied) to raw RGB, at most {@link MAX_SIDE} px. */
async function decodeRgb(data: Buffer) {
  const { data: raw, info } = await sharp(data, { failOn: 'error' })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { raw, width: info.width, height: info.height, channels: info.channels };
}

/**
 * The descriptor of the single face in an image.
 * @throws FaceError `no_face`, `many_faces` or `unreadable`.
 */
export async function faceDescriptor(data: Buffer, which: FaceError['which']): Promise<Float32Array> {
  const faceapi = await loadFaceModel();
  let img: Awaited<ReturnType<typeof decodeRgb>>;
  try {
    img = await decodeRgb(data);
  } catch {
    throw new FaceError('unreadable', which);
  }
  const tensor = faceapi.tf.tensor3d(new Uint8Array(img.raw), [img.height, img.width, img.channels], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 5 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    if (found.length === 0) throw new FaceError('no_face', which);
    if (found.length > 1) throw new FaceError('many_faces', which);
    return found[0].descriptor as Float32Array;
  } finally {
    tensor.dispose();
  }
}

/** Euclidean distance of two descriptors. */
export function descriptorDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

/** Compare the selfie with the MyKad photo: distance, score and whether it passes. */
export async function compareFaces(selfie: Buffer, mykad: Buffer) {
  const a = await faceDescriptor(selfie, 'selfie_image');
  const b = await faceDescriptor(mykad, 'mykad_image');
  const distance = descriptorDistance(a, b);
  const score = scoreFromDistance(distance);
  return { distance, score, passed: score >= MIN_VERIFICATION_SCORE };
}
