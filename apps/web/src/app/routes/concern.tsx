import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ContainerSearch } from '../../features/location/components/ContainerSearch';
import { ConcernPage } from '../../features/org/components/ConcernPages';

/** /concern/:code: its branches and a container search over the whole concern (with Excel export). */
export function Component() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  return (
    <ConcernPage
      key={code}
      code={code}
      search={
        <ContainerSearch
          scope="concern"
          code={code}
          onSelect={(container) => navigate(paths.location.to(container.locationCode, container.id))}
        />
      }
    />
  );
}
