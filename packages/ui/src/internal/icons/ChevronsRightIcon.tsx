import { type IconProps, Svg } from './Svg';

export const ChevronsRightIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m13 17 5-5-5-5M6 17l5-5-5-5" />
  </Svg>
);
