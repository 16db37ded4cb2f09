/**
 * Under Vite the WASM backend cannot find its .wasm files by itself (the dev
 * server would answer with index.html): import each file's URL and hand them
 * over before `setBackend('wasm')` (PLATFORM.md).
 */
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import plain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import simd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import threadedSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';

setWasmPaths({
  'tfjs-backend-wasm.wasm': plain,
  'tfjs-backend-wasm-simd.wasm': simd,
  'tfjs-backend-wasm-threaded-simd.wasm': threadedSimd,
});
