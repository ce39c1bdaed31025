import { useMatches } from 'react-router';
import { UnderConstruction } from '../../../components/under-construction.js';

export function Component() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? '建设中';
  return <UnderConstruction title={title} />;
}
