import { modeSNNumber, modeSOf, shownModeS, stateNameOfModeS } from '@contract/mode-s';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.js';
import { useAirframes } from '../api/list-airframes.js';
import { AirframeList } from './airframe-list.js';
import { regLink } from './airframe-page.js';
import './airframes.css';

/** `/hex/{hex}`: the aircraft with this Mode S address (issue 39); a US address also names its N-number. */
export function Component() {
  const typed = (useParams().hex ?? '').slice(0, 20);
  const hex = modeSOf(typed);
  usePageTitle(hex ? `Mode S ${shownModeS(hex)}` : 'Mode S 代码');
  if (!hex) {
    return (
      <div className="airframe-page" data-testid="mode-s-page">
        <h1>Mode S 代码</h1>
        <p className="muted">“{typed}”不是 Mode S 代码：应为 6 位十六进制数（0–9、A–F），如 780A1B。</p>
      </div>
    );
  }
  return <Found hex={hex} />;
}

function Found({ hex }: { hex: string }) {
  const result = useAirframes({ hex });
  const state = stateNameOfModeS(hex);
  const nNumber = modeSNNumber(hex);
  return (
    <div className="airframe-page" data-testid="mode-s-page">
      <header className="airframe-head">
        <h1>Mode S {shownModeS(hex)}</h1>
        <p className="muted">
          {state ? `属于${state}的地址段。` : '不在 ICAO 分配给各国和地区的地址段中。'}
          {nNumber && (
            <>
              {' '}
              按美国联邦航空局的规则，对应注册号 <Link to={regLink(nNumber)}>{nNumber}</Link>。
            </>
          )}
        </p>
      </header>
      <AirframeList
        result={result}
        empty="图库中还没有记录这个 Mode S 代码的飞机。审图员可以在机身页面填写，上传时也可以在“Mode S 代码”一栏提供。"
        testId="mode-s"
      />
    </div>
  );
}
