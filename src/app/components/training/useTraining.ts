/** The training controller of this page's store. */
import { trainingController, type TrainingController } from '../../controllers/trainingController';
import { useServices } from '../../studioContext';

export function useTrainingController(): TrainingController {
  return trainingController(useServices().store);
}
