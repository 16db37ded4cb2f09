/** The layered layout now lives in core (`core/graph/layout.ts`) so workers never import app; this forward keeps app imports short. */
export { layeredLayout, type LayoutInput, type LayoutOptions, type Positions } from '../../core/graph/layout';
