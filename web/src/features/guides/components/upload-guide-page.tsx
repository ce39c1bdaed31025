import { CATEGORIES, UPLOAD_LIMITS } from '@contract/catalogues';
import { Link } from 'react-router';

const MB = 1024 * 1024;

/** The upload guide: what to send, how to fill the facts, what happens after. */
export function Component() {
  return (
    <article className="panel guide" data-testid="guide-upload">
      <h1>上传指南</h1>
      <p className="lead">
        第一次上传？花三分钟读完这一页，可以少走很多弯路。每张照片都由审图员按照公开的<Link to="/guide/standard">审图标准</Link>
        逐张审核，通过后进入公开图库。
      </p>
      <nav className="guide-toc" aria-label="本页目录">
        <a href="#before">上传前</a>
        <a href="#military">哪些不能拍</a>
        <a href="#file">照片文件</a>
        <a href="#facts">填写信息</a>
        <a href="#queue">队列与名额</a>
        <a href="#checks">自动检查与水印</a>
        <a href="#after">审核之后</a>
      </nav>

      <section id="before">
        <h2>上传前</h2>
        <ul>
          <li>只上传你本人拍摄的照片。转载、翻拍或他人作品会被退回，情节严重的账号会被停用。</li>
          <li>
            挑选你最满意的几张，而不是一次上传整组连拍。先读一遍<Link to="/guide/standard">审图标准</Link>
            ：曝光、清晰度、地平线和构图是最常见的退图原因。
          </li>
          <li>在电脑上做好裁切、校正地平线和除尘后再导出，手机拍摄的照片同样可以上传。</li>
        </ul>
      </section>

      <section id="military">
        <h2>哪些不能拍</h2>
        <p>很多机场是军民合用的，军事设施受法律保护。拍摄前请了解机场和当地的规定，并遵守现场的禁止拍摄标志与工作人员的要求。</p>
        <ul>
          <li>不要拍摄或上传军事禁区、军用机场的限制区域、军事设施、军用航空器的部署与停放位置，以及标有禁止拍摄的区域。</li>
          <li>军用航空器的照片，只上传在允许摄影的场合拍到的：航展、开放日、博物馆，或公开场合下不涉密的画面。</li>
          <li>上传时选择“军用航空器”分类，需要确认拍摄地点允许摄影、画面不含军事敏感内容。</li>
          <li>
            含有此类内容的照片会以“<Link to="/guide/standard#military">涉及军事敏感</Link>”退回，不会公开；已公开的会被下架。
          </li>
        </ul>
      </section>

      <section id="file">
        <h2>照片文件</h2>
        <ul>
          <li>格式：JPEG（.jpg），按文件内容判断，改扩展名没有用。</li>
          <li>大小：不超过 {UPLOAD_LIMITS.maxBytes / MB} MB。</li>
          <li>
            尺寸：长边 {UPLOAD_LIMITS.minLongEdge}–{UPLOAD_LIMITS.maxLongEdge} 像素，短边至少 {UPLOAD_LIMITS.minShortEdge}{' '}
            像素，总像素不超过 4000 万。推荐长边 2048–4096 像素。
          </li>
          <li>选好文件后浏览器会立即检查，不符合要求会直接告诉你原因，无需等上传完成。</li>
          <li>拍摄日期会从照片的 EXIF 自动读取（相机本地日期）；请确认相机时间设置正确。</li>
        </ul>
      </section>

      <section id="facts">
        <h2>填写信息</h2>
        <dl className="guide-facts">
          <dt>注册号</dt>
          <dd>
            如 B-1234、9V-SMA。字母会自动转为大写。军机、无注册号的航空器或机场风光请勾选“无注册号”。输入曾经出现过的注册号时，
            可以一键填入上次记录的 MSN、机型和航空公司。
          </dd>
          <dt>机型、航空公司、机场</dt>
          <dd>
            在选择框里输入代码或名称搜索：代码（PEK、ZBAA、CCA、B738）、中文名（首都机场、国航、空客A320、波音787）或英文名
            （Capital、Air China、Boeing 737）都可以。找不到时可以直接在选择框里“建议新增”，审图员审核前你自己已经可以使用它。
          </dd>
          <dt>空中拍摄</dt>
          <dd>在飞机上或空对空拍摄的照片，勾选“空中拍摄”，可以不填机场。</dd>
          <dt>分类</dt>
          <dd>至少选一个：{CATEGORIES.map((c) => c.zh).join('、')}。</dd>
          <dt>公开说明和给审图员的留言</dt>
          <dd>
            公开说明（最多 {UPLOAD_LIMITS.remarkMax} 字）会显示在图片页上，比如特殊涂装的名称或首航信息；给审图员的留言（最多{' '}
            {UPLOAD_LIMITS.messageMax} 字）只有审图员能看到，适合解释特殊的构图或拍摄条件。
          </dd>
        </dl>
      </section>

      <section id="queue">
        <h2>队列与名额</h2>
        <ul>
          <li>
            每位会员默认可以有 10 张照片同时在普通队列中等待审核，同一注册号最多 {UPLOAD_LIMITS.perRegistrationWaiting}{' '}
            张。名额用完后请等待审核结果。
          </li>
          <li>
            优先队列的照片会先被审核，适合时效性强的照片（如首航、特殊涂装）。优先名额由管理员授予出图稳定、通过率高的飞友，
            新会员默认没有；名额同样在照片审完或撤回后释放。
          </li>
          <li>
            在<Link to="/queue/upload">待审队列</Link>
            里可以看到每张照片的排队位置和预计等待时间；审核前发现填错了，可以直接修改信息， 也可以撤回照片，名额会立即释放。
          </li>
        </ul>
      </section>

      <section id="checks">
        <h2>自动检查与水印</h2>
        <ul>
          <li>
            上传前，页面会自动检查清晰度、高光和暗部溢出、倾斜以及是否与已有照片重复。这些只是提醒，不会阻止上传，但值得在发送前再看一眼。
          </li>
          <li>
            水印是可选的：勾选后可以在预览上拖动网站水印的位置，并调整透明度和大小。水印只加在公开展示的图片上，原图始终保持不变、不公开。
          </li>
        </ul>
      </section>

      <section id="after">
        <h2>审核之后</h2>
        <ul>
          <li>审核结果会出现在你的个人主页收件箱中；如果开启了审图结果邮件，也会收到邮件。</li>
          <li>
            通过的照片进入公开图库。被退回的照片会列在<Link to="/queue/reject">我的退图</Link>
            中，附有退图原因（每个原因都链接到审图标准里的说明）和审图员的留言。
          </li>
          <li>如果你认为判断有误，可以在退图后 14 天内申诉一次，由另一位资深审图员复核，结果为最终结果。</li>
        </ul>
      </section>

      <p className="guide-actions">
        <Link className="btn btn-primary" to="/upload">
          去上传
        </Link>
        <Link className="btn" to="/guide/standard">
          阅读审图标准
        </Link>
      </p>
    </article>
  );
}
