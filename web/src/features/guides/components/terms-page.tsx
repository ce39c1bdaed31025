import { Link } from 'react-router';

/** The terms of use every member accepts at registration. */
export function Component() {
  return (
    <article className="panel guide" data-testid="terms">
      <h1>用户协议</h1>
      <p className="lead">
        欢迎使用航迹 Contrail。注册账号即表示你已阅读并同意以下条款。我们尽量用平实的语言写明双方的权利和义务。
      </p>

      <section id="account">
        <h2>一、账号</h2>
        <ul>
          <li>每人只注册一个账号，注册信息应真实有效；请妥善保管密码，账号下的行为由你本人负责。</li>
          <li>用户名不得冒充他人或含有违法、侮辱性内容。</li>
          <li>你可以随时在个人主页的设置中删除账号；删除后照片将从网站移除，审核记录以匿名方式保留。</li>
        </ul>
      </section>

      <section id="photos">
        <h2>二、你上传的照片</h2>
        <ul>
          <li>你只上传本人拍摄的照片，并保证照片不侵犯他人的著作权、肖像权或隐私。</li>
          <li>
            照片的著作权始终归你所有。上传即授权航迹 Contrail
            在本网站展示照片的缩放版本（可带你选择的水印），以及为展示所需的必要处理。
          </li>
          <li>
            原图只有你和审图员可以查看，公开的缩放图片不含任何元数据（GPS、相机序列号等）。是否允许网站推荐你的照片、是否以 CC
            BY-NC-ND 4.0 许可第三方使用，由你在个人主页的设置中选择。
          </li>
          <li>
            本站的开放接口和嵌入（oEmbed）让航班追踪、论坛等其他网站显示已通过审核的照片，始终署你的名字并链接回图片页面；这项展示默认开启，
            可在个人主页的设置中关闭“允许其他网站通过开放接口展示”，关闭后接口不再提供你的照片。
          </li>
          <li>他人希望使用你的照片时，会通过“联系摄影师”联系你，网站不会替你出售或授权照片。</li>
        </ul>
      </section>

      <section id="conduct">
        <h2>三、不允许的内容与行为</h2>
        <ul>
          <li>他人的作品、带有他人水印的照片、与航空无关的内容。</li>
          <li>违反法律法规的内容，包括在禁止拍摄的区域拍摄的照片和涉及国家秘密的内容。</li>
          <li>可辨认的人脸或他人的私人信息（未经本人同意）。</li>
          <li>刷屏、利用多个账号规避名额、骚扰其他会员或审图员。</li>
        </ul>
      </section>

      <section id="screening">
        <h2>四、审核</h2>
        <ul>
          <li>
            所有照片都按公开的<Link to="/guide/standard">审图标准</Link>
            审核。审图员可以修正明显的信息错误，修改会记录在审核历史中。
          </li>
          <li>对退图结果有异议，可以在 14 天内申诉一次，复核结果为最终结果。</li>
          <li>已通过的照片如果后来发现违反本协议，可能会被撤下。</li>
        </ul>
      </section>

      <section id="privacy">
        <h2>五、隐私</h2>
        <ul>
          <li>你的邮箱只用于登录、找回密码和你开启的通知邮件，不会公开，也不会提供给第三方。</li>
          <li>公开的个人主页只显示用户名、常驻机场、注册时间和通过的照片。</li>
          <li>为了安全，我们会记录登录和审核操作的必要日志。</li>
        </ul>
      </section>

      <section id="suspension">
        <h2>六、账号停用</h2>
        <p>
          违反本协议的账号可能被暂时或永久停用，停用原因和期限会在登录时告知。停用期间无法登录和上传，对停用有异议可以联系管理团队。
        </p>
      </section>

      <section id="changes">
        <h2>七、协议的变更</h2>
        <p>协议如有重要变更，我们会通过网站公告（NOTAM）提前告知。变更后继续使用网站即视为同意新的条款。</p>
      </section>

      <p className="muted">
        另请阅读<Link to="/guide/upload">上传指南</Link>和<Link to="/guide/standard">审图标准</Link>。
      </p>
    </article>
  );
}
