// Its own folder (and build chunk), apart from Layout: the login page's layout does not carry the
// location screen's resizable bars (styled-components' definitions are kept wherever their chunk loads).
export { Splitter, type SplitterProps } from './Splitter';
