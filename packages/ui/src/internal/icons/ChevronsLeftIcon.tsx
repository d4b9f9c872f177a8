import { type IconProps, Svg } from './Svg';

export const ChevronsLeftIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m11 17-5-5 5-5M18 17l-5-5 5-5" />
  </Svg>
);
