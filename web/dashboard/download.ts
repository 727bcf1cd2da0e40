// A chart made into a file: its SVG with the theme's colours written into it (the page's CSS does not go
// with the file), or that SVG drawn on a canvas as PNG.

const STYLED = ['fill', 'stroke', 'stroke-width', 'font-size', 'font-family'] as const;

/** The chart's SVG as a standalone file. */
export function svgFile(svg: SVGSVGElement): Blob {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll<SVGElement>('*')];
  const to = [copy, ...copy.querySelectorAll<SVGElement>('*')];
  from.forEach((element, index) => {
    const style = getComputedStyle(element);
    for (const property of STYLED) {
      const value = style.getPropertyValue(property);
      if (value) to[index].setAttribute(property, value);
    }
    to[index].removeAttribute('class');
    to[index].removeAttribute('tabindex');
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' });
}

/** The chart drawn at twice its size on a white canvas, as PNG. */
export async function pngFile(svg: SVGSVGElement): Promise<Blob> {
  const url = URL.createObjectURL(svgFile(svg));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const width = svg.viewBox.baseVal.width;
    const height = svg.viewBox.baseVal.height;
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = height * 2;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('png'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
