import { ImageResponse } from 'next/og';
import { ACCENT_COLOR, APP_ICONS } from '../../_lib/app-icons';

// The app's PNG icons, drawn by Next's ImageResponse at build time (no image files to keep in
// step with the brand): a white route line on the accent colour.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams(): { file: string }[] {
  return APP_ICONS.map((icon) => ({ file: icon.file }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const icon = APP_ICONS.find((candidate) => candidate.file === file);
  if (!icon) return new Response(null, { status: 404 });
  const maskable = icon.purpose === 'maskable';
  // a maskable icon is cropped to a circle or squircle by the launcher: full-bleed background, smaller mark
  const mark = Math.round(icon.size * (maskable ? 0.56 : 0.7));
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: ACCENT_COLOR,
        borderRadius: maskable ? 0 : Math.round(icon.size * 0.22),
      }}
    >
      <svg width={mark} height={mark} viewBox="0 0 100 100">
        <path d="M12 78 L36 42 L56 62 L86 22" fill="none" stroke="#ffffff" strokeWidth="11" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="86" cy="22" r="9" fill="#ffffff" />
      </svg>
    </div>,
    { width: icon.size, height: icon.size },
  );
}
