import { Link } from 'react-router';
import { SiteContactLine } from '../../../components/site-contact.js';

export function Component() {
  return (
    <article className="panel" style={{ maxWidth: 760, margin: '0 auto' }}>
      <h1>关于航迹 Contrail</h1>
      <p>
        航迹 Contrail 是面向中文航空摄影爱好者的图片社区。飞友上传自己拍摄的飞机与机场照片，审图员依照公开的审图标准逐张审核，
        通过的照片进入可检索的公开图库。
      </p>
      <h2>我们的承诺</h2>
      <ul>
        <li>审图快速、理由清楚：每一次退图都会给出具体原因和对应的说明。</li>
        <li>原图私有：只有作者和审图员可以查看原图，公开的只有缩放后的图片，且不含任何元数据。</li>
        <li>图库轻快：在手机上也能即时打开。</li>
      </ul>
      <h2>给新会员</h2>
      <ul>
        <li>
          <Link to="/guide/upload">上传指南</Link>：文件要求、信息怎么填、排队和审核的过程。
        </li>
        <li>
          <Link to="/guide/standard">审图标准</Link>：审图员依据的标准，每个退图原因都有说明。
        </li>
        <li>
          <Link to="/terms">用户协议</Link>：账号、照片版权与隐私。
        </li>
      </ul>
      <h2>联系我们</h2>
      <p>
        <SiteContactLine lead="账号、版权、审图结果或其他问题，请联系管理团队：" />
      </p>
      <p>
        还没有账号？<Link to="/register">立即注册</Link>，或去 <Link to="/search">图库</Link> 看看。
      </p>
    </article>
  );
}
