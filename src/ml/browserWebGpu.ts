/**
 * tfjs's WebGPU backend for the studio's workers (a browser has its own
 * `navigator.gpu`): importing it registers the `webgpu` backend that
 * `chooseBackend` tries first. Node (the CLI) registers it through Dawn
 * instead (nodeWebGpu.ts), and only when asked, so the package's runtime
 * dependencies need neither.
 */
import '@tensorflow/tfjs-backend-webgpu';
