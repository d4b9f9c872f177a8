import 'styled-components';
import type { Theme } from './tokens';

// Types every styled component's `theme` (here and in apps that import @falcon/ui).
declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}
