import { PUBLIC_API_LIMITS } from '@contract/catalogues';
import { Link } from 'react-router';
import { runtimeConfig } from '../../../lib/runtime-config.js';
import './api-page.css';

const { perMinute: PER_MINUTE, pageMax: PAGE_MAX, pageDefault: PAGE_DEFAULT } = PUBLIC_API_LIMITS;

/** The site's own address (PUBLIC_URL), for examples a reader can copy as they are: the same in the server's HTML. */
const ORIGIN = runtimeConfig().siteUrl || 'https://contrail.example';

function Code({ children, label }: { children: string; label: string }) {
  return (
    <figure className="api-code">
      <figcaption>{label}</figcaption>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <pre tabIndex={0} role="region" aria-label={`${label} 示例`}>
        <code>{children}</code>
      </pre>
    </figure>
  );
}

const SAMPLE = `{
  "photos": [
    {
      "id": 1024,
      "link": "${ORIGIN}/photo/1024",
      "registration": "B-30EE",
      "aircraftType": "空客 A350-900（A359）",
      "airline": "中国国际航空 CA/CCA",
      "airport": "北京首都 ZBAA/PEK",
      "takenOn": "2024-03-01",
      "photographer": { "name": "拍机少年", "link": "${ORIGIN}/user/7" },
      "thumbnail": { "url": "${ORIGIN}/img/…/320.webp", "width": 320, "height": 213 },
      "medium": { "url": "${ORIGIN}/img/…/1280.webp", "width": 1280, "height": 853 },
      "licence": "CC BY-NC-ND 4.0",
      "attribution": "© 拍机少年 / 航迹 Contrail"
    }
  ]
}`;

const TRACKER_SAMPLE = `{
  "photos": [
    {
      "id": "1024",
      "thumbnail": { "src": "${ORIGIN}/img/…-320.webp", "size": { "width": 320, "height": 213 } },
      "thumbnail_large": { "src": "${ORIGIN}/img/…-640.webp", "size": { "width": 640, "height": 427 } },
      "link": "${ORIGIN}/photo/1024",
      "photographer": "拍机少年",
      "registration": "B-30EE",
      "taken_on": "2024-03-01",
      "licence": "CC BY-NC-ND 4.0",
      "attribution": "© 拍机少年 / 航迹 Contrail"
    }
  ]
}`;

/** `/api`: the open photo API, oEmbed and the feeds, for the people who build trackers, forums and readers. */
export function Component() {
  return (
    <article className="panel guide api-page" data-testid="api-page">
      <h1>开放接口</h1>
      <p className="lead">
        航班追踪、论坛和其他网站可以按注册号、MSN 或 Mode S
        代码取用本站已通过审核的图片，嵌入图片页面，或订阅新图片。不需要申请密钥； 请遵守下面的使用须知。
      </p>
      <nav className="guide-toc" aria-label="本页目录">
        <a href="#photos">按注册号取图</a>
        <a href="#trackers">航班追踪（按 Mode S 取图）</a>
        <a href="#oembed">嵌入（oEmbed）</a>
        <a href="#feeds">订阅（Atom）</a>
        <a href="#rules">使用须知</a>
      </nav>

      <section id="photos">
        <h2>按注册号或 MSN 取图</h2>
        <p>
          <code>GET /api/v1/public/photos</code>：最新通过审核的图片，新的在前。只包含允许其他网站展示的摄影师的图片。
        </p>
        <table className="api-params">
          <thead>
            <tr>
              <th>参数</th>
              <th>说明</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <code>reg</code>
              </td>
              <td>注册号，写法不限：b30ee、B-30EE、B30EE 都找到 B-30EE</td>
            </tr>
            <tr>
              <td>
                <code>msn</code>
              </td>
              <td>制造序列号（MSN），可代替 reg；同一 MSN 属于不同制造商时加 type</td>
            </tr>
            <tr>
              <td>
                <code>type</code>
              </td>
              <td>与 msn 一起使用的 ICAO 机型代码，如 A320、B738</td>
            </tr>
            <tr>
              <td>
                <code>limit</code>
              </td>
              <td>
                返回几张，1–{PAGE_MAX}，默认 {PAGE_DEFAULT}
              </td>
            </tr>
          </tbody>
        </table>
        <Code label="curl">{`curl '${ORIGIN}/api/v1/public/photos?reg=B-30EE&limit=5'`}</Code>
        <Code label="JavaScript（浏览器或 Node.js）">{`const res = await fetch('${ORIGIN}/api/v1/public/photos?reg=B-30EE&limit=5');
if (res.status === 429) {
  // 超过频率限制：等 Retry-After 秒后再试
  console.log('稍后再试', res.headers.get('Retry-After'));
} else {
  const { photos } = await res.json();
  for (const p of photos) {
    // 展示时写上署名，并链接回图片页面
    console.log(p.medium.url, p.attribution, p.link);
  }
}`}</Code>
        <Code label="返回示例">{SAMPLE}</Code>
      </section>

      <section id="trackers">
        <h2>航班追踪软件：按 Mode S 代码或注册号取图</h2>
        <p>
          与 Planespotters 公开图片接口相同的路径和返回格式，tar1090、planefence 等追踪软件只需把接口地址{' '}
          <code>https://api.planespotters.net/pub/photos</code> 换成 <code>{`${ORIGIN}/api/v1/public/photos`}</code>：
        </p>
        <ul>
          <li>
            <code>GET /api/v1/public/photos/hex/{'{hex}'}</code>：按 Mode S 代码（ICAO 24 位地址，6 位十六进制，大小写均可）。
            找到记录了这个代码的飞机；美国 N 字头飞机的代码由注册号算出，无需记录。代码找不到飞机时，使用追踪软件附带的{' '}
            <code>reg</code> 参数按注册号查找（<code>icaoType</code> 可带可不带）。
          </li>
          <li>
            <code>GET /api/v1/public/photos/reg/{'{reg}'}</code>：按注册号，写法不限。
          </li>
          <li>
            每次最多 3 张，新的在前。<code>thumbnail</code> 约 320 像素宽，<code>thumbnail_large</code> 约 640 像素宽；
            <code>photographer</code> 是摄影师的名字，展示时写成“© 名字”并链接到 <code>link</code>。使用须知与频率限制同下。
          </li>
        </ul>
        <Code label="curl">{`curl '${ORIGIN}/api/v1/public/photos/hex/780a1b'`}</Code>
        <Code label="tar1090 式的写法（浏览器）">{`// 原来：const PHOTOS = 'https://api.planespotters.net/pub/photos';
const PHOTOS = '${ORIGIN}/api/v1/public/photos';

async function showPhoto(plane, box) {
  const url = \`\${PHOTOS}/hex/\${plane.icao}?reg=\${plane.registration ?? ''}&icaoType=\${plane.icaoType ?? ''}\`;
  const res = await fetch(url);
  if (!res.ok) return; // 429：稍后再试
  const { photos } = await res.json();
  const p = photos[0];
  if (!p) return;
  box.innerHTML = '';
  const a = Object.assign(document.createElement('a'), { href: p.link, target: '_blank' });
  a.append(Object.assign(document.createElement('img'), {
    src: p.thumbnail_large.src, width: p.thumbnail_large.size.width, height: p.thumbnail_large.size.height,
  }));
  box.append(a, \`© \${p.photographer}\`);
}`}</Code>
        <Code label="返回示例">{TRACKER_SAMPLE}</Code>
      </section>

      <section id="oembed">
        <h2>嵌入（oEmbed）</h2>
        <p>
          论坛和聊天软件粘贴图片页面链接时会自动显示图片和署名：每个图片页面都带有 oEmbed 的发现链接。也可以直接调用{' '}
          <code>GET /api/v1/oembed?url=图片页面地址</code>（JSON，type 为 photo；可加 maxwidth、maxheight）。
        </p>
        <Code label="curl">{`curl '${ORIGIN}/api/v1/oembed?url=${encodeURIComponent(`${ORIGIN}/photo/1024`)}&maxwidth=640'`}</Code>
      </section>

      <section id="feeds">
        <h2>订阅（Atom）</h2>
        <p>
          <code>GET /api/v1/feeds/photos</code>：最新通过审核的 30 张图片，Atom 1.0 格式，可加与{' '}
          <Link to="/search">图库搜索</Link> 相同的筛选参数：<code>reg</code>、<code>user</code>（摄影师编号）、
          <code>airline</code>、<code>airport</code>、<code>type</code>、<code>airframe</code>、<code>q</code>
          等。图库、摄影师主页和“关注”列表里的“订阅”链接就是对应的地址。支持 <code>ETag</code> / <code>If-None-Match</code> 和{' '}
          <code>Last-Modified</code>，没有新图片时返回 304。
        </p>
        <Code label="curl">{`curl -H 'If-None-Match: "上次返回的 ETag"' '${ORIGIN}/api/v1/feeds/photos?reg=B-30EE'`}</Code>
      </section>

      <section id="rules">
        <h2>使用须知</h2>
        <ul>
          <li>
            展示图片时写上 <code>attribution</code> 给出的署名，并让图片链接到 <code>link</code>{' '}
            给出的图片页面；不要去掉水印或裁切署名。
          </li>
          <li>
            <code>licence</code> 为 CC BY-NC-ND 4.0
            的图片可按该许可非商业使用；其他图片只能按上面的方式展示，其他用途请通过图片页面的“联系摄影师”征得同意。
          </li>
          <li>
            每个地址每分钟最多 {PER_MINUTE} 次请求，所有接口合计；响应头 <code>RateLimit-Limit</code>、
            <code>RateLimit-Remaining</code>、<code>RateLimit-Reset</code> 告诉你还剩多少，超出时返回 429 和{' '}
            <code>Retry-After</code>。结果可缓存 5 分钟（<code>Cache-Control</code>）。
          </li>
          <li>
            接口对所有网站开放（CORS <code>*</code>，只读，不带登录信息），不需要也不接受账号令牌。
          </li>
          <li>
            摄影师可以随时在设置中关闭“允许其他网站通过开放接口展示”，之后接口不再返回其图片；请不要长期保存图片文件。详见
            <Link to="/terms">用户协议</Link>。
          </li>
          <li>
            完整的接口说明（OpenAPI 3）：<a href="/api/v1/openapi.json">/api/v1/openapi.json</a>。
          </li>
        </ul>
      </section>
    </article>
  );
}
