/** The training controller of this page (built once by `createServices`). */
import type { TrainingController } from '../../controllers/trainingController';
import { useServices } from '../../studioContext';

export function useTrainingController(): TrainingController {
  return useServices().training;
}
