"""What a test of a printed document looks at (the par sheet, the filing): the PDF's text,
its pages' size, the words that cross the page's margins, and its pages as pictures
(pdftotext and pdftoppm, poppler's tools, which CI installs)."""
import html
import re
import shutil
import subprocess

MM = 72 / 25.4          # points per millimetre


def need(tool):
    """A renderer: skipped where it is missing, except in CI (.ci/run installs it)."""
    from conftest import missing
    path = shutil.which(tool)
    if path is None:
        missing(tool)
    return path


def not_blank(png):
    from PIL import Image
    with Image.open(png) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 20, "the picture is (nearly) blank"
    background = max(colours)[0] / sum(n for n, _ in colours)
    assert background < 0.97, "the picture is (nearly) all one colour"


def pdf_text(pdf):
    return subprocess.run([need("pdftotext"), "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def page_boxes(pdf):
    """[(width, height, [(xMin, xMax, word)])] of each page, in points."""
    bbox = subprocess.run([need("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', bbox, re.S)
    return [(float(w), float(h),
             [(float(x0), float(x1), word) for x0, x1, word in
              re.findall(r'xMin="([\d.]+)"[^>]*xMax="([\d.]+)"[^>]*>([^<]*)<', body)])
            for w, h, body in pages]


def words_beyond_margins(pdf, left_mm, right_mm):
    """(page, word) of every word that crosses the left or right margin (half a point's
    tolerance)."""
    return [(n, word) for n, (width, _, words) in enumerate(page_boxes(pdf), 1)
            for x0, x1, word in words
            if x1 > width - right_mm * MM + 0.5 or x0 < left_mm * MM - 0.5]


def page_pictures(pdf, folder, first=1, last=2, resolution=50):
    """Pages ``first`` to ``last`` as PNG pictures (pdftoppm), each checked not blank."""
    subprocess.run([need("pdftoppm"), "-png", "-r", str(resolution), "-f", str(first), "-l",
                    str(last), str(pdf), str(folder / "page")], check=True)
    pictures = sorted(folder.glob("page-*.png"))
    for picture in pictures:
        not_blank(picture)
    return pictures


def page_blocks(pdf):
    """[(width, height, blocks)] of each page, in points: pdftotext's blocks (a table's cell,
    a paragraph), each a list of its lines, each ``(x0, y0, x1, y1, [word])``."""
    bbox = subprocess.run([need("pdftotext"), "-bbox-layout", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    box = r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"'
    pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', bbox, re.S)
    return [(float(w), float(h),
             [[(*map(float, line[:4]), [html.unescape(word) for word in
                                         re.findall(r"<word [^>]*>([^<]*)</word>", line[4])])
               for line in re.findall(r"<line " + box + r">(.*?)</line>", block, re.S)]
              for block in re.findall(r"<block [^>]*>(.*?)</block>", body, re.S)])
            for w, h, body in pages]
