export { Layout, type LayoutName, type LayoutProps } from './Layout';
export { Splitter, type SplitterProps } from './Splitter';
