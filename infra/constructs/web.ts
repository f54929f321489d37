import * as fs from 'node:fs';
import * as path from 'node:path';
import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { UPLOADS_PREFIX } from '../../shared/constants.js';
import { inlineRuntimeConfig } from '../../web/src/lib/runtime-config.js';

/** Path prefix under which the distribution serves the public images (profile photos and covers). */
export const IMAGES_PREFIX = 'images';

export interface WebProps {
  readonly logsBucket: s3.IBucket;
}

/** What the browser app reads from `/config.json` (see web/src/lib/runtime-config.ts). */
export interface RuntimeConfig {
  readonly mode: 'aws';
  readonly region: string;
  readonly apiUrl: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The realtime channel, `wss://<api>.execute-api.<region>.amazonaws.com/live`. */
  readonly realtimeUrl: string;
  /** PayPal's public client id, for its payment button. */
  readonly paypalClientId: string;
  readonly marketingUrl?: string;
}

export interface WebDeploymentProps {
  readonly config: RuntimeConfig;
  /** The hosts the page's own policy allows (pageContentSecurityPolicy). */
  readonly hosts: AppHosts;
  /** Folder of the built web app; when absent only config.json is deployed. */
  readonly distPath?: string;
}

const PAYPAL = 'https://*.paypal.com';
/** Cognito's API, which the sign-in (SRP) and the authenticator's set-up call from the browser. */
const cognitoHost = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;

/**
 * Content-Security-Policy of the app, sent by CloudFront with every response.
 *
 * It names the API and the buckets by their regional endpoint patterns, not by their hosts: the API's
 * CORS rule, the media bucket's CORS rule and every Lambda's APP_URL name this distribution's domain, and
 * the distribution names this policy, so naming their hosts here would make the template circular. The
 * page itself narrows `connect-src` and `media-src` to this stack's own hosts (pageContentSecurityPolicy,
 * written into index.html at deploy time, when they are known); a browser enforces both policies, so
 * what it may reach is what both allow. PayPal's payment button is PayPal's script, which draws its
 * buttons in frames and talks to PayPal (its documented policy); Stripe's Checkout and portal are pages
 * the browser navigates to.
 */
export function contentSecurityPolicy(region: string): string {
  const s3Hosts = `https://*.s3.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    `script-src 'self' ${PAYPAL}`,
    `connect-src 'self' ${cognitoHost(region)} https://*.execute-api.${region}.amazonaws.com wss://*.execute-api.${region}.amazonaws.com ${s3Hosts} ${PAYPAL}`,
    `frame-src ${PAYPAL}`,
    `img-src 'self' data: blob: ${PAYPAL} https://*.paypalobjects.com`,
    `media-src 'self' blob: ${s3Hosts}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** This stack's own hosts that the browser calls. */
export interface AppHosts {
  /** The HTTP API (`https://<api id>.execute-api.<region>.<suffix>`). */
  readonly api: string;
  /** The realtime WebSocket API (`wss://<api id>.execute-api.<region>.<suffix>`). */
  readonly realtime: string;
  /** The media bucket, as presigned URLs name it: audio uploads (POST) and listening (GET). */
  readonly media: string;
  /** The images bucket, as presigned POSTs name it: photo and cover uploads. */
  readonly images: string;
}

/** A bucket's host as the SDK's presigned URLs and POST policies name it (virtual-hosted, regional). */
export const presignedHost = (bucketName: string, region: string, urlSuffix: string) => `https://${bucketName}.s3.${region}.${urlSuffix}`;

/**
 * The page's own policy (a `<meta>` in index.html), within the one CloudFront sends: the browser may
 * connect only to this stack's API, WebSocket API and buckets, Cognito and PayPal, and play audio only
 * from the media bucket. (A `<meta>` policy cannot carry frame-ancestors; the header's does.)
 */
export function pageContentSecurityPolicy(region: string, hosts: AppHosts): string {
  return [
    `connect-src 'self' ${cognitoHost(region)} ${hosts.api} ${hosts.realtime} ${hosts.media} ${hosts.images} ${PAYPAL}`,
    `media-src 'self' blob: ${hosts.media}`,
  ].join('; ');
}

const CSP_META = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;

/**
 * index.html with the policy as the first element of its head, before any script or fetch it governs
 * (replacing one written before). The policy's values are hosts and keywords: no `"` or `<` to escape.
 */
export function inlineContentSecurityPolicy(html: string, policy: string): string {
  if (/["<>]/.test(policy)) throw new Error('A page policy may not hold quotes or angle brackets');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  const page = html.replace(CSP_META, '');
  const head = /<head(\s[^>]*)?>/i.exec(page);
  if (!head) throw new Error('index.html has no <head> for its Content-Security-Policy');
  const at = head.index + head[0].length;
  return `${page.slice(0, at)}${meta}${page.slice(at)}`;
}

/**
 * CloudFront hosting: the React bundle and the public images, both from private buckets read through
 * origin access control, with an SPA fallback and security headers.
 */
export class Web extends Construct {
  readonly siteBucket: s3.Bucket;
  /** Profile photos and covers, public only through the distribution under /images/. */
  readonly imagesBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<distribution domain>` */
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      // The bundle is rebuilt from the repository at every deploy.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.imagesBucket = new s3.Bucket(this, 'ImagesBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/images/',
      // Browsers upload photos and covers with the POST policies the API signs (each pins its key, type and
      // size): that policy, not the origin, is what authorises an upload. The allowed origin cannot name
      // the app: the distribution reads this bucket's domain name, so naming the distribution here would
      // make the template circular. Reads go through CloudFront (same origin), so POST is all CORS allows.
      cors: [
        {
          allowedOrigins: ['*'],
          allowedMethods: [s3.HttpMethods.POST],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          // Uploads are checked and moved under images/ within seconds; what remains was never kept.
          id: 'ExpireUploads',
          prefix: UPLOADS_PREFIX,
          expiration: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of the web app',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(Aws.REGION), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()', override: true }],
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Web app and public images',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      additionalBehaviors: {
        [`/${IMAGES_PREFIX}/*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(this.imagesBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
      // Single-page app: every unknown path is the app, which routes on the client.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'The marketplace is open worldwide; no country is to be blocked.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'AWS WAF is an optional add-on for this product (cost); the API is throttled at its stage.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'The distribution uses the default *.cloudfront.net certificate, whose TLS policy cannot be changed.',
      },
    );

    this.appUrl = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Deploys the built bundle (when present) and the runtime config.json written from the stack's values.
   * Hashed assets are cached for a year; index.html and config.json are revalidated on every load.
   * Old assets are kept (no prune) so that open sessions can still lazy-load their chunks, and so that a
   * deploy without a local build never removes the site.
   */
  deploy(props: WebDeploymentProps): void {
    const dist = props.distPath && fs.existsSync(props.distPath) ? props.distPath : undefined;

    let assets: s3deploy.BucketDeployment | undefined;
    if (dist) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(dist)],
        destinationBucket: this.siteBucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      });
    }

    // index.html carries the runtime configuration inlined (the app starts without fetching config.json,
    // which stays as the fallback) and its own Content-Security-Policy: written with the stack's values as
    // deploy-time markers. The values are ids and URLs of this stack and the operator's PayPal client id,
    // none of which can hold '</script>'.
    const page = dist
      ? s3deploy.Source.data(
          'index.html',
          inlineContentSecurityPolicy(
            inlineRuntimeConfig(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), Stack.of(this).toJsonString(props.config)),
            pageContentSecurityPolicy(props.config.region, props.hosts),
          ),
        )
      : undefined;
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [
        ...(dist && page ? [s3deploy.Source.asset(dist, { exclude: ['index.html', 'assets/*'] }), page] : []),
        s3deploy.Source.jsonData('config.json', props.config),
      ],
      destinationBucket: this.siteBucket,
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) pages.node.addDependency(assets);

    // Both deployments share one CDK-managed handler (a singleton function with its own role).
    const handlerRole = pages.handlerRole as unknown as Construct;
    const handler = handlerRole.node.scope as Construct;
    const siteBucketId = Stack.of(this).getLogicalId(this.siteBucket.node.defaultChild as s3.CfnBucket);
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'CDK-managed BucketDeployment handler; its runtime is chosen and upgraded by aws-cdk-lib.',
    });
    Validations.of(handlerRole).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK-managed BucketDeployment handler: the basic execution role only writes its CloudWatch logs.',
      },
      ...[
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        // The CDK bootstrap asset bucket (default qualifier) from which the bundle is copied.
        'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
        `Resource::<${siteBucketId}.Arn>/*`,
      ].map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: 'CDK-managed BucketDeployment grant: copies the bundle from the asset bucket into the site bucket.',
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'CloudFront CreateInvalidation after the deployment; CDK grants it on all distributions.',
      },
    );
  }
}
