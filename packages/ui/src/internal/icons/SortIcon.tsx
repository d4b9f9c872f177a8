import { type IconProps, Svg } from './Svg';

export const SortIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m7 15 5 5 5-5M7 9l5-5 5 5" />
  </Svg>
);
