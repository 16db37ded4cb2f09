/**
 * The studio's top-level views, in header order: the one list the view
 * type, the saved workspace's schema (`persistence/workspace.ts`) and the
 * header's tabs (`views.tsx`) are derived from. To add a view, add its name
 * here; TypeScript then asks for its entry in `views.tsx` and its help.
 */
export const STUDIO_VIEWS = ['studio', 'pack', 'lab', 'training', 'batch', 'players'] as const;

/** Top-level views: the studio itself, and wide workspaces for the pack overview, the predictor lab, training, batch runs and players' data. */
export type StudioView = (typeof STUDIO_VIEWS)[number];
