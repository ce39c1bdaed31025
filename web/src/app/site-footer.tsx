import { SHELL } from '@contract/texts';
import { useQuery } from '@tanstack/react-query';
import { siteFilingsQuery } from '../lib/site-filings.js';

/**
 * The [shell] copyright line, and under it the filing numbers a site in mainland China shows (issue 38),
 * each linked to its register; nothing more while they are unset. A server-rendered page has them in
 * its HTML, so a crawler reads them without running the app.
 */
export function SiteFooter() {
  const filings = useQuery(siteFilingsQuery).data;
  return (
    <footer className="footer">
      {SHELL.copyright}
      {filings && (filings.icp || filings.police) && (
        <div className="footer-filings">
          {filings.icp && (
            <a href={filings.icpUrl} target="_blank" rel="noopener noreferrer">
              {filings.icp}
            </a>
          )}
          {filings.police && (
            <a href={filings.policeUrl} target="_blank" rel="noopener noreferrer">
              {filings.police}
            </a>
          )}
        </div>
      )}
    </footer>
  );
}
