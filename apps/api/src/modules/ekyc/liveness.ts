/**
 * Extra eKYC signals (issue 3 "@vladmandic/human's antispoof and liveness scores as extra signals";
 * DESIGN.md §8; ADR 0093): for the selfie of each attempt, @vladmandic/human's `antispoof` ("real",
 * 0–1: 1 = a real face, low = a printed photo or a screen) and `liveness` ("live", 0–1) scores. They
 * are stored with the attempt and shown to the staff who verify; they never pass or fail an attempt.
 *
 * Runs on the same TensorFlow.js WASM backend as face-api, offline: the models are read from
 * @vladmandic/human's `models/` folder through a `file://` load router registered on tf.io (the
 * node-wasm build would otherwise fetch them over HTTP). Loaded once per process, lazily. Any failure
 * gives null signals (an attempt never fails because a signal could not be computed).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export interface SelfieSignals {
  /** 0–1, 1 = a real face (not a photo of a photo or a screen); null when not computed. */
  antispoof: number | null;
  /** 0–1, 1 = a live person; null when not computed. */
  liveness: number | null;
}

type Human = any;
let loading: Promise<Human> | null = null;

/** A tf.io handler that reads a graph model (model.json + weight files) from a `file://` URL. */
function fileModelRouter() {
  return (url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    return {
      async load() {
        const path = fileURLToPath(url);
        const json = JSON.parse(await readFile(path, 'utf8'));
        const groups: { paths: string[]; weights: unknown[] }[] = json.weightsManifest ?? [];
        const buffers = await Promise.all(groups.flatMap((g) => g.paths.map((p) => readFile(join(dirname(path), p)))));
        const all = Buffer.concat(buffers);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          weightSpecs: groups.flatMap((g) => g.weights),
          weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        };
      },
    };
  };
}

/** Load @vladmandic/human (face detector + antispoof + liveness only) once per process. */
export function loadHuman(): Promise<Human> {
  loading ??= (async () => {
    // The package's `exports` map has no subpath for the node-wasm build: require it by file.
    const distDir = dirname(require.resolve('@vladmandic/human'));
    const { Human } = require(join(distDir, 'human.node-wasm.js'));
    const wasmDir = `${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`;
    const human = new Human({
      backend: 'wasm',
      wasmPath: wasmDir,
      modelBasePath: `file://${join(distDir, '..', 'models')}/`,
      debug: false,
      async: false,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 1 },
        mesh: { enabled: false },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: true },
        liveness: { enabled: true },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    });
    human.tf.io.registerLoadRouter(fileModelRouter());
    await human.load();
    return human;
  })().catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}

const round2 = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) / 100 : null);

/** The antispoof and liveness scores of the (first) face in a selfie; nulls when none or on any failure. */
export async function selfieSignals(image: Buffer): Promise<SelfieSignals> {
  try {
    const human = await loadHuman();
    const { data, info } = await sharp(image)
      .rotate()
      .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const tensor = human.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      const face = result.face?.[0];
      return { antispoof: round2(face?.real), liveness: round2(face?.live) };
    } finally {
      tensor.dispose();
    }
  } catch {
    return { antispoof: null, liveness: null };
  }
}
