export { Layout, type LayoutName, type LayoutProps } from './Layout';
