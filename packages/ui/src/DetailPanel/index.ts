export {
  ARTICLE_DETAIL_GROUPS,
  ArticleDetailPanel,
  CONTAINER_DETAIL_GROUPS,
  ContainerDetailPanel,
  type DetailFieldSpec,
  type DetailGroupSpec,
  type DetailKind,
  DetailPanel,
  type DetailPanelProps,
  type EntityDetailPanelProps,
} from './DetailPanel';
