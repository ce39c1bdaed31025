import cluster from 'node:cluster';

/** This process's worker slot under `npm start` (1…WORKERS, workers.ts), or 0 for a server that runs alone. */
export const workerSlot = (): number => (cluster.isWorker ? Number(process.env.WORKER_SLOT ?? 0) : 0);
