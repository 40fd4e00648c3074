// Public API of photo quality control: analyse an upload (directly or through the bounded runner) and the pieces
// other modules may need (type sniffing, hash comparison, thresholds).
export { analyzePhoto } from './analyze.js';
export type { AcceptedPhoto, AnalyzeOptions, QcMetrics, QcVerdict } from './analyze.js';
export { createConcurrencyLimiter, createQcRunner } from './pool.js';
export type { ConcurrencyLimiter, QcRunner, QcRunnerOptions } from './pool.js';
export { sniffImageType } from './sniff.js';
export type { AcceptedImageType } from './sniff.js';
export { hammingDistance, isPerceptualHash, perceptualHash } from './metrics.js';
export { DEFAULT_QC_THRESHOLDS, QC_ANALYSIS_WIDTH, resolveQcThresholds } from './thresholds.js';
export type { QcThresholds } from './thresholds.js';
