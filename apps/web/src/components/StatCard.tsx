import styled from 'styled-components';

const Box = styled.div`
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.typography.size.sm};
  }
  dd {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    font-size: ${({ theme }) => theme.typography.size.xxl};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

/** One figure with its label, e.g. "Alarming containers 12". */
export function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <dl style={{ margin: 0 }}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </dl>
    </Box>
  );
}
