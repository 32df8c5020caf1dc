/**
 * face-api's SSD MobileNet v1 face detector with a small tensor working set (issue 18 item 5; ADR 0186).
 *
 * face-api (@vladmandic/face-api 1.7) runs the detector's whole forward pass inside one `tf.tidy`, so every
 * layer's output stays allocated until the pass ends: ~117 MB of activations at the 512 × 512 input on top
 * of the 44 MB of weights (ADR 0145). On the WASM backend the heap grows to that peak and never shrinks.
 * This module computes the same network in the same order, but frees each
 * layer's input as soon as its output exists (and a layer's intermediate results as soon as they are used),
 * so at most about two layers' activations are alive at once. Each layer is one fused TensorFlow.js op (convolution,
 * bias and ReLU6 together; the depthwise layers' batch norm folded into their filters once, at load): one pass over
 * each layer's activations instead of three or four, the detector ~15% faster (ADR 0214). The results are face-api's
 * own within float32 rounding (ekyc.test.ts compares boxes and scores on the test images).
 *
 * Network (SSD MobileNet v1 as published with face-api's `ssd_mobilenetv1_model`): input scaled to
 * [−1, 1]; MobileNet v1 backbone = a 3 × 3 convolution with stride 2, then 13 pairs of a depthwise 3 × 3
 * convolution (stride 2 in pairs 2, 4, 6, 12; batch norm, ε = 0.001 as float32) and a pointwise convolution
 * (bias = the folded batch-norm offset), each followed by ReLU6; then 8 extra convolutions (stride 2 every
 * second one) and 6 box/class predictor heads over pair 11, the backbone's output and extras 1, 3, 5, 7;
 * box encodings decoded against the model's anchors (`extra_dim`) with scales 10 (centre) and 5 (size).
 */

// face-api's bundle does not type the tf namespace it re-exports (see face.ts), hence `any`.
type Tf = any;
type Tensor = any;

/** face-api's batch-norm epsilon: TensorFlow's 0.001 as a float32. */
const BN_EPSILON = 0.0010000000474974513;
/** The backbone's depthwise layers (1-based pair index) that halve the resolution. */
const STRIDE_2_PAIRS = new Set([2, 4, 6, 12]);

/** A convolution + bias + ReLU6 (face-api's "pointwise" layer; `filters` may be 1 × 1 or 3 × 3), as one fused op. */
function convBiasRelu6(tf: Tf, x: Tensor, p: any, stride: 1 | 2): Tensor {
  return tf.fused.conv2d({
    x,
    filter: p.filters,
    strides: [stride, stride],
    pad: 'same',
    bias: p.batch_norm_offset,
    activation: 'relu6',
  });
}

/** A depthwise layer's batch norm folded into its filters and a bias (see {@link foldDepthwise}). */
interface FoldedDepthwise {
  filter: Tensor;
  bias: Tensor;
}

/** Folded depthwise layers, by the face-api parameter object they were made from. */
const folded = new WeakMap<object, FoldedDepthwise>();

/**
 * Fold a depthwise layer's batch norm into its 3 × 3 filters (ADR 0214): with s = scale / √(variance + ε),
 * `bn(conv(x, w)) = conv(x, w · s) + (offset − mean · s)`. Made once per layer and kept (a few kB each).
 */
function foldDepthwise(tf: Tf, p: any): FoldedDepthwise {
  let f = folded.get(p);
  if (!f) {
    f = tf.tidy(() => {
      const bn = p.batch_norm_scale;
      const s = tf.div(bn, tf.sqrt(tf.add(p.batch_norm_variance, tf.scalar(BN_EPSILON))));
      return {
        filter: tf.mul(p.filters, tf.reshape(s, [1, 1, -1, 1])),
        bias: tf.sub(p.batch_norm_offset, tf.mul(p.batch_norm_mean, s)),
      };
    }) as FoldedDepthwise;
    tf.keep(f.filter);
    tf.keep(f.bias);
    folded.set(p, f);
  }
  return f;
}

/** A depthwise 3 × 3 convolution + batch norm + ReLU6, as one fused op over the folded filters. */
function depthwiseBnRelu6(tf: Tf, x: Tensor, p: any, stride: 1 | 2): Tensor {
  const { filter, bias } = foldDepthwise(tf, p);
  return tf.fused.depthwiseConv2d({ x, filter, strides: [stride, stride], pad: 'same', bias, activation: 'relu6' });
}

/** One predictor head: box encodings `[batch, n, 1, 4]` and class logits `[batch, n, 3]`. */
function head(tf: Tf, x: Tensor, p: any): { box: Tensor; cls: Tensor } {
  return tf.tidy(() => {
    const batch = x.shape[0];
    const conv = (q: any) => tf.fused.conv2d({ x, filter: q.filters, strides: [1, 1], pad: 'same', bias: q.bias });
    return {
      box: tf.reshape(conv(p.box_encoding_predictor), [batch, -1, 1, 4]),
      cls: tf.reshape(conv(p.class_predictor), [batch, -1, 3]),
    };
  });
}

/**
 * Decode box encodings `[n, 4]` against anchors `[n, 4]` (both as `[y0, x0, y1, x1]`-ordered columns) into
 * boxes `[n, 4]` (top, left, bottom, right, relative to the 512 × 512 input).
 */
function decodeBoxes(tf: Tf, anchors: Tensor, enc: Tensor): Tensor {
  const a = tf.unstack(tf.transpose(anchors, [1, 0]));
  const size = [tf.sub(a[2], a[0]), tf.sub(a[3], a[1])];
  const centre = [tf.add(a[0], tf.div(size[0], tf.scalar(2))), tf.add(a[1], tf.div(size[1], tf.scalar(2)))];
  const e = tf.unstack(tf.transpose(enc, [1, 0]));
  const half = (i: 0 | 1) => tf.div(tf.mul(tf.exp(tf.div(e[i + 2], tf.scalar(5))), size[i]), tf.scalar(2));
  const mid = (i: 0 | 1) => tf.add(tf.mul(tf.div(e[i], tf.scalar(10)), size[i]), centre[i]);
  const [h0, m0, h1, m1] = [half(0), mid(0), half(1), mid(1)];
  return tf.transpose(tf.stack([tf.sub(m0, h0), tf.sub(m1, h1), tf.add(m0, h0), tf.add(m1, h1)]), [1, 0]);
}

/**
 * The detector's forward pass, a drop-in for face-api's `SsdMobilenetv1.forwardInput`.
 * @param tf face-api's TensorFlow.js namespace (`faceapi.tf`).
 * @param params the loaded network's parameters (`faceapi.nets.ssdMobilenetv1.params`).
 * @param input face-api's `NetInput` (its `toBatchTensor(512, false)` pads to a square and resizes).
 * @returns per batch item, `boxes` `[n, 4]` (relative top, left, bottom, right) and `scores` `[n]` (0–1),
 *   n = 5118 anchors; the caller disposes them.
 * @throws Error when the network is not loaded.
 */
export function leanSsdForward(tf: Tf, params: any, input: any): { boxes: Tensor[]; scores: Tensor[] } {
  if (!params) throw new Error('SsdMobilenetv1 - load model before inference');
  const mobilenet = params.mobilenetv1;
  const pred = params.prediction_layer;
  const x = tf.tidy(() => tf.sub(tf.div(tf.cast(input.toBatchTensor(512, false), 'float32'), 127.5), 1));

  // Backbone: free each layer's input once its output exists; keep pair 11's output for head 0.
  let out = convBiasRelu6(tf, x, mobilenet.conv_0, 2);
  x.dispose();
  let conv11: Tensor = null;
  for (let i = 1; i <= 13; i++) {
    const p = mobilenet[`conv_${i}`];
    const dw = depthwiseBnRelu6(tf, out, p.depthwise_conv, STRIDE_2_PAIRS.has(i) ? 2 : 1);
    if (out !== conv11) out.dispose();
    out = convBiasRelu6(tf, dw, p.pointwise_conv, 1);
    dw.dispose();
    if (i === 11) conv11 = out;
  }

  // Extra layers and heads, in face-api's head order (conv11, backbone out, extras 1, 3, 5, 7).
  const heads = [head(tf, conv11, pred.box_predictor_0), head(tf, out, pred.box_predictor_1)];
  conv11.dispose();
  for (let i = 0; i < 8; i++) {
    const next = convBiasRelu6(tf, out, pred[`conv_${i}`], i % 2 === 1 ? 2 : 1);
    out.dispose();
    out = next;
    if (i % 2 === 1) heads.push(head(tf, out, pred[`box_predictor_${(i + 3) / 2}`]));
  }
  out.dispose();

  const result = tf.tidy(() => {
    const boxEnc = tf.concat(
      heads.map((h) => h.box),
      1,
    );
    const classes = tf.concat(
      heads.map((h) => h.cls),
      1,
    );
    const batch = boxEnc.shape[0];
    const anchors = tf.reshape(tf.tile(params.output_layer.extra_dim, [batch, 1, 1]), [-1, 4]);
    let boxes = decodeBoxes(tf, anchors, tf.reshape(boxEnc, [-1, 4]));
    boxes = tf.reshape(boxes, [batch, boxes.shape[0] / batch, 4]);
    const sig = tf.sigmoid(tf.slice(classes, [0, 0, 1], [-1, -1, -1]));
    const face = tf.slice(sig, [0, 0, 0], [-1, -1, 1]);
    const scores = tf.reshape(face, [batch, face.shape[1]]);
    return { boxes: tf.unstack(boxes), scores: tf.unstack(scores) };
  });
  for (const h of heads) {
    h.box.dispose();
    h.cls.dispose();
  }
  return result;
}

/**
 * Make a loaded face-api `SsdMobilenetv1` instance use {@link leanSsdForward} (its `locateFaces`, and so
 * `detectAllFaces`, call `forwardInput`). Idempotent.
 * @param tf face-api's TensorFlow.js namespace; @param net `faceapi.nets.ssdMobilenetv1`.
 */
export function useLeanSsd(tf: Tf, net: any): void {
  for (let i = 1; i <= 13; i++) foldDepthwise(tf, net.params.mobilenetv1[`conv_${i}`].depthwise_conv);
  net.forwardInput = (input: any) => leanSsdForward(tf, net.params, input);
}
