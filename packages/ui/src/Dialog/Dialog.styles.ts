import styled, { keyframes } from 'styled-components';

const fade = keyframes`from { opacity: 0; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(8px) scale(0.98); }`;

export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.overlay};
  animation: ${fade} ${({ theme }) => theme.motion.duration.normal} ${({ theme }) => theme.motion.easing.standard};
`;

const widths = { sm: '420px', md: '560px', lg: '840px' } as const;

export const Panel = styled.div<{ $size: keyof typeof widths }>`
  display: flex;
  flex-direction: column;
  width: min(${({ $size }) => widths[$size]}, 100%);
  max-height: calc(100vh - 32px);
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[3]};
  animation: ${rise} ${({ theme }) => theme.motion.duration.normal} ${({ theme }) => theme.motion.easing.standard};
  &:focus { outline: none; }
`;

export const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[4]} ${theme.space[2]} ${theme.space[5]}`};
  & > h2 {
    margin: 0;
    padding-top: 4px;
    font-size: ${({ theme }) => theme.typography.size.xl};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    overflow-wrap: anywhere;
  }
`;

export const Body = styled.div`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[5]} ${theme.space[4]}`};
  overflow-y: auto;
  overflow-wrap: anywhere;
  & > p:first-child { margin-top: 0; }
`;

export const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[5]}`};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;
