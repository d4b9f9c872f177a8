import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ContainerSearch } from '../../features/location/components/ContainerSearch';
import { BranchPage } from '../../features/org/components/BranchPages';

/** /branch/:code: its locations and a container search over the whole branch (with Excel export). */
export function Component() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  return (
    <BranchPage
      key={code}
      code={code}
      search={
        <ContainerSearch
          scope="branch"
          code={code}
          onSelect={(container) => navigate(paths.location.to(container.locationCode, container.id))}
        />
      }
    />
  );
}
