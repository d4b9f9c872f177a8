import styled from 'styled-components';

/** The frame the error pages share (404, 403): centred, the status in large above the title. */
export const ErrorWrap = styled.div`
  display: grid;
  place-items: center;
  gap: ${({ theme }) => theme.space[4]};
  min-height: 60vh;
  text-align: center;
  padding: ${({ theme }) => theme.space[6]};
`;

export const ErrorCode = styled.p`
  margin: 0;
  font-size: 64px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;
