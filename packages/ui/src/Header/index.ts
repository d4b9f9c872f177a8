export { HEADER_HEIGHT, Header, type HeaderProps } from './Header';
