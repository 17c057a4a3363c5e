import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import ForkTsCheckerWebpackPlugin from 'fork-ts-checker-webpack-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.join(root, 'build');

/** ".../node_modules/@scope/name/x.js" → "@scope/name"; ".../node_modules/a/node_modules/b/y.js" → "b". */
function packageOf(resource) {
  const at = resource.replace(/\\/g, '/').lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = resource.slice(at + 'node_modules/'.length).split(/[\\/]/);
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The files behind a module, looking inside concatenated modules. */
function resourcesOf(module) {
  if (module.modules) return [...module.modules].flatMap(resourcesOf);
  const resource = module.nameForCondition?.();
  return resource ? [resource] : [];
}

/**
 * Writes build/stats.json: the files and chunks of the entry and of each named lazy chunk group
 * (one per page), and the npm packages inside each chunk. scripts/bundle-size.ts reads it to
 * measure what the /login route downloads and to check which packages it contains.
 */
class ChunkManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const group = (chunkGroup) => ({
            chunks: chunkGroup.chunks.map((chunk) => chunk.id),
            files: chunkGroup.chunks.flatMap((chunk) => [...chunk.files]),
          });
          const groups = (map) =>
            Object.fromEntries([...map].map(([name, chunkGroup]) => [name, group(chunkGroup)]));
          const manifest = {
            entrypoints: groups(compilation.entrypoints),
            chunkGroups: groups(compilation.namedChunkGroups),
            chunks: [...compilation.chunks].map((chunk) => ({
              id: chunk.id,
              names: chunk.name ? [chunk.name] : [],
              initial: chunk.canBeInitial(),
              files: [...chunk.files],
              packages: [
                ...new Set(
                  [...compilation.chunkGraph.getChunkModulesIterable(chunk)]
                    .flatMap(resourcesOf)
                    .map(packageOf)
                    .filter(Boolean),
                ),
              ].sort(),
            })),
          };
          compilation.emitAsset(
            'stats.json',
            new webpack.sources.RawSource(JSON.stringify(manifest, null, 1)),
          );
        },
      );
    });
  }
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each emitted script, stylesheet, HTML and SVG
 * file of at least 1 KB; the server sends the copy the browser accepts (@fastify/static's
 * preCompressed), so nothing is compressed per request.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const outputPath = compilation.getPath(compiler.outputPath);
      for (const name of Object.keys(compilation.assets)) {
        if (!/\.(js|css|html|svg)$/.test(name)) continue;
        const file = path.join(outputPath, name);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode === 'production';
  const apiBaseUrl = process.env.API_BASE_URL || '/api/v1';
  const devPort = Number(process.env.DEV_PORT || 3000);
  const apiTarget = process.env.API_PROXY_TARGET || 'http://localhost:8080';

  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/index.tsx' },
    output: {
      path: buildDir,
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'ts-loader',
          options: {
            transpileOnly: true,
            configFile: path.join(root, 'tsconfig.spa.json'),
            compilerOptions: { noEmit: false },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif|svg|ico|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        __API_BASE_URL__: JSON.stringify(apiBaseUrl),
        __DEFAULT_RESTAURANT_ID__: JSON.stringify(process.env.DEFAULT_RESTAURANT_ID || ''),
      }),
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg' }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new ForkTsCheckerWebpackPlugin({
        async: !production,
        // The SPA's own configuration: browser types only, no tests.
        typescript: { configFile: path.join(root, 'tsconfig.spa.json') },
      }),
      new ChunkManifestPlugin(),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
    },
    performance: { hints: false },
    devServer: {
      port: devPort,
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: true }],
      client: { overlay: { errors: true, warnings: false } },
    },
  };
};
