export {
  BranchMapEditor,
  type BranchMapEditorProps,
  KEY_STEP,
  type MapMarker,
  ZOOM_LEVELS,
} from './BranchMapEditor';
