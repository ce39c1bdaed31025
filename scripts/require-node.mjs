// Imported first by `npm start`, `npm run dev` and `npm run admin`: on a Node older than the floor they
// stop with one sentence saying what to install, before any package (better-sqlite3 13 crashes on 20).
const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(
    `航迹 Contrail 需要 Node.js 22 或更高版本（推荐 24 LTS），当前是 ${process.version}：请安装 Node.js 24 后重新运行 npm install。`,
  );
  process.exit(1);
}
