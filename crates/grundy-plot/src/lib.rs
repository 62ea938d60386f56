//! Pictures for `grundy`: a table of values as a heatmap (axes, ticks, a legend, the
//! P-positions marked), and a nim-sequence as a plot of g(n) against n (title, named axes,
//! ticks, the proven preperiod and period shaded), each as PNG bytes or SVG text. Drawn with the
//! plotters library, text in an embedded open font. No I/O: callers write the bytes where they
//! like.
//!
//! ```
//! let table = vec![vec![0, 1], vec![1, 0]];
//! let picture = grundy_plot::heatmap("nim", &table);
//! assert_eq!(picture.pixel(picture.cell_center(0, 1)), grundy_plot::color(1, 1));
//! let png = picture.to_png();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

use plotters::coord::Shift;
use plotters::prelude::*;
use std::sync::Once;

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The colour of `value` on a scale whose top is `max`: dark blue through green to yellow
/// (a perceptually ordered ramp, so larger values always look lighter).
///
/// ```
/// assert_eq!(grundy_plot::color(0, 10), [68, 1, 84]);
/// assert_eq!(grundy_plot::color(10, 10), [253, 231, 37]);
/// ```
pub fn color(value: u64, max: u64) -> Rgb {
    const STOPS: [Rgb; 5] =
        [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
    if max == 0 {
        return STOPS[0];
    }
    let position = value.min(max) as f64 / max as f64 * (STOPS.len() - 1) as f64;
    let idx = (position.floor() as usize).min(STOPS.len() - 2);
    let frac = position - idx as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * frac).round() as u8;
    let (from, to) = (STOPS[idx], STOPS[idx + 1]);
    [mix(from[0], to[0]), mix(from[1], to[1]), mix(from[2], to[2])]
}

/// The mark of a P-position (value 0) on a heatmap.
pub const P_POSITION: Rgb = [0, 0, 0];

fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c[0], c[1], c[2])
}

static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");

/// Makes the embedded font the one plotters draws "sans-serif" with.
fn register_font() {
    static REGISTER: Once = Once::new();
    REGISTER.call_once(|| {
        // Fails only on a font that does not parse, which the tests would show at once.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// A picture: pixels and the same drawing as SVG, and for heatmaps where each cell lies.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
    svg: String,
    cell_origin: (f64, f64),
    cell_size: (f64, f64),
}

impl Picture {
    /// Draws `drawing` on a bitmap and, when `with_svg`, on an SVG document of the same size.
    fn render<D: Drawing>(width: usize, height: usize, drawing: &D, with_svg: bool) -> Picture {
        register_font();
        let mut pixels = vec![255u8; width * height * 3];
        let cells;
        {
            let root = BitMapBackend::with_buffer(&mut pixels, (width as u32, height as u32))
                .into_drawing_area();
            cells = drawing.draw(&root);
            let _ = root.present();
        }
        let mut svg = String::new();
        if with_svg {
            let root = SVGBackend::with_string(&mut svg, (width as u32, height as u32))
                .into_drawing_area();
            drawing.draw(&root);
            let _ = root.present();
        }
        Picture { width, height, pixels, svg, cell_origin: cells.origin, cell_size: cells.size }
    }

    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The colour at `(x, y)`.
    pub fn pixel(&self, (x, y): (usize, usize)) -> Rgb {
        let at = (y * self.width + x) * 3;
        [self.pixels[at], self.pixels[at + 1], self.pixels[at + 2]]
    }

    /// For a heatmap: the pixel at the centre of the cell of row `row` (x), column `column` (y).
    pub fn cell_center(&self, row: usize, column: usize) -> (usize, usize) {
        let (left, top) = self.cell_origin;
        let (w, h) = self.cell_size;
        ((left + (column as f64 + 0.5) * w) as usize, (top + (row as f64 + 0.5) * h) as usize)
    }

    /// The picture as PNG bytes.
    pub fn to_png(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, self.width as u32, self.height as u32);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            // Writing into a Vec cannot fail, and the sizes agree by construction.
            if let Ok(mut writer) = encoder.write_header() {
                let _ = writer.write_image_data(&self.pixels);
            }
        }
        bytes
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        self.svg.clone()
    }
}

/// Something drawn the same way on any plotters backend.
trait Drawing {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Cells;
}

struct Heatmap<'t> {
    title: &'t str,
    table: &'t [Vec<u64>],
    cell: usize,
    corner: (usize, usize),
}

impl Drawing for Heatmap<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Cells {
        draw_heatmap(root, self.title, self.table, self.cell, self.corner)
    }
}

impl Drawing for SequencePlot {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Cells {
        self.draw_on(root, (SEQUENCE_LEFT, SEQUENCE_TOP));
        Cells::default()
    }
}

/// Where a heatmap's cells lie: the top-left corner of cell (0, 0) and a cell's size.
#[derive(Debug, Clone, Copy, Default)]
struct Cells {
    origin: (f64, f64),
    size: (f64, f64),
}

/// The largest table side a heatmap is drawn as SVG for: every cell is one element of the
/// document, so a side of 4096 would write 16,777,216 of them (1.4 GB); past this side a
/// heatmap has pixels only ([`Picture::to_svg`] is empty), and front ends refuse `--svg` up
/// front ([`svg_refusal`]).
pub const MAX_SVG_SIDE: usize = 1024;

/// Why a table of side `side` is not drawn as SVG, if it is not.
///
/// ```
/// assert!(grundy_plot::svg_refusal(1024).is_none());
/// assert!(grundy_plot::svg_refusal(4096).unwrap().contains("16777216 cells"));
/// ```
pub fn svg_refusal(side: u64) -> Option<String> {
    (side > MAX_SVG_SIDE as u64).then(|| {
        format!(
            "an SVG table of side {side} would hold {} cells, one element each; the largest \
             SVG table has side {MAX_SVG_SIDE}: draw larger ones with --png",
            side.saturating_mul(side)
        )
    })
}

/// A table of values as a heatmap: `table[x][y]`, row x = 0 at the top, with a title, axes x
/// and y with ticks, a colour legend, and the P-positions (value 0) marked in black. Tables
/// wider than [`MAX_SVG_SIDE`] are drawn as pixels only.
pub fn heatmap(title: &str, table: &[Vec<u64>]) -> Picture {
    let n_rows = table.len().max(1);
    let n_cols = table.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let cell = (640 / n_rows.max(n_cols)).clamp(1, 32);
    let (left, top, right, bottom) = (60usize, 50usize, 130usize, 50usize);
    let width = left + n_cols * cell + right;
    let height = top + n_rows * cell + bottom;
    let with_svg = n_rows.max(n_cols) <= MAX_SVG_SIDE;
    Picture::render(width, height, &Heatmap { title, table, cell, corner: (left, top) }, with_svg)
}

fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    table: &[Vec<u64>],
    cell: usize,
    (left, top): (usize, usize),
) -> Cells {
    let n_rows = table.len().max(1);
    let n_cols = table.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let max = table.iter().flatten().copied().max().unwrap_or(0);
    let _ = root.fill(&WHITE);
    let text = |size: u32| ("sans-serif", size).into_font().color(&BLACK);
    let _ = root.draw(&Text::new(title.to_string(), (left as i32, 12), text(18)));
    let (x0, y0) = (left as i32, top as i32);
    for (x, row) in table.iter().enumerate() {
        for (y, &value) in row.iter().enumerate() {
            let fill = if value == 0 { P_POSITION } else { color(value, max) };
            let (px, py) = (x0 + (y * cell) as i32, y0 + (x * cell) as i32);
            let _ = root.draw(&Rectangle::new(
                [(px, py), (px + cell as i32, py + cell as i32)],
                rgb(fill).filled(),
            ));
        }
    }
    // Axes: y across the top, x down the left, with ticks every few cells.
    let step = tick_step(n_rows.max(n_cols));
    let axis = BLACK.stroke_width(1);
    let (x1, y1) = (x0 + (n_cols * cell) as i32, y0 + (n_rows * cell) as i32);
    let _ = root.draw(&PathElement::new(vec![(x0, y0), (x1, y0)], axis));
    let _ = root.draw(&PathElement::new(vec![(x0, y0), (x0, y1)], axis));
    for y in (0..n_cols).step_by(step) {
        let px = x0 + (y * cell + cell / 2) as i32;
        let _ = root.draw(&PathElement::new(vec![(px, y0 - 4), (px, y0)], axis));
        let _ = root.draw(&Text::new(y.to_string(), (px - 4, y0 - 18), text(11)));
    }
    for x in (0..n_rows).step_by(step) {
        let py = y0 + (x * cell + cell / 2) as i32;
        let _ = root.draw(&PathElement::new(vec![(x0 - 4, py), (x0, py)], axis));
        let _ = root.draw(&Text::new(x.to_string(), (x0 - 30, py - 6), text(11)));
    }
    let _ = root.draw(&Text::new("y", (x1 + 6, y0 - 18), text(14)));
    let _ = root.draw(&Text::new("x", (x0 - 48, y1 + 4), text(14)));
    // Legend: the ramp from 0 (bottom) to max (top), and the P-position mark.
    let (bar_x, bar_top, bar_height) = (x1 + 30, y0, 200i32);
    for step in 0..bar_height {
        let value = ((bar_height - 1 - step) as u64 * max) / (bar_height as u64 - 1).max(1);
        let _ = root.draw(&Rectangle::new(
            [(bar_x, bar_top + step), (bar_x + 16, bar_top + step + 1)],
            rgb(color(value, max)).filled(),
        ));
    }
    for (value, y) in
        [(max, bar_top), (max / 2, bar_top + bar_height / 2), (0, bar_top + bar_height - 10)]
    {
        let _ = root.draw(&Text::new(value.to_string(), (bar_x + 22, y), text(11)));
    }
    let mark_y = bar_top + bar_height + 14;
    let _ = root.draw(&Rectangle::new(
        [(bar_x, mark_y), (bar_x + 16, mark_y + 12)],
        rgb(P_POSITION).filled(),
    ));
    let _ = root.draw(&Text::new("0: P-position", (bar_x + 20, mark_y), text(11)));
    Cells { origin: (f64::from(x0), f64::from(y0)), size: (cell as f64, cell as f64) }
}

/// A tick every this many cells or heaps: about ten ticks, at round numbers.
fn tick_step(n: usize) -> usize {
    let raw = (n / 10).max(1);
    let magnitude = 10usize.pow((raw as f64).log10().floor() as u32);
    [1, 2, 5, 10].iter().map(|m| m * magnitude).find(|&s| s >= raw).unwrap_or(raw)
}

/// Height of a sequence plot's drawing area, in pixels.
const PLOT_HEIGHT: usize = 320;

/// A sequence plot's margins left of and above its drawing area.
const SEQUENCE_LEFT: usize = 70;
const SEQUENCE_TOP: usize = 40;

/// A nim-sequence plotted: heap size `n` across, value `g(n)` up.
///
/// For sequences too long to hold in memory, build a [`SequencePlot`] value by value instead.
pub fn sequence_plot(title: &str, values: &[u64]) -> Picture {
    let max = values.iter().copied().max().unwrap_or(0);
    let mut plot = SequencePlot::new(values.len() as u64, max).with_title(title);
    for (heap, &value) in values.iter().enumerate() {
        plot.add(heap as u64, value);
    }
    plot.picture()
}

/// A nim-sequence plot built value by value, of any length: each pixel column keeps, for each
/// pixel row, the largest value that falls there, so its memory is fixed by the picture's size
/// (at most 1200 × 320 cells), not by the number of values.
///
/// ```
/// // Heaps 0..10^9 of a sequence whose values are n mod 3: one pass, a few megabytes.
/// let n_values = 1_000_000_000u64;
/// let mut plot = grundy_plot::SequencePlot::new(n_values, 2).with_title("n mod 3");
/// for column in 0..plot.n_columns() {
///     // Three consecutive heaps show every value a column can hold.
///     let heaps = plot.heaps_in_column(column);
///     for heap in heaps.start..heaps.end.min(heaps.start + 3) {
///         plot.add_to_column(column, heap % 3);
///     }
/// }
/// let picture = plot.picture();
/// assert_eq!((picture.width(), picture.height()), (1290, 410));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequencePlot {
    n_values: u64,
    max: u64,
    plot_width: usize,
    title: String,
    /// The proven preperiod and period, shaded.
    period: Option<(u64, u64)>,
    /// `cells[column * PLOT_HEIGHT + row]`: the largest value drawn there (row 0 at the bottom).
    cells: Vec<Option<u64>>,
}

impl SequencePlot {
    /// An empty plot of `n_values` values (heaps `0..n_values`) whose largest is `max`.
    pub fn new(n_values: u64, max: u64) -> SequencePlot {
        let n_values = n_values.max(1);
        let plot_width = n_values.clamp(600, 1200) as usize;
        SequencePlot {
            n_values,
            max: max.max(1),
            plot_width,
            title: String::new(),
            period: None,
            cells: vec![None; plot_width * PLOT_HEIGHT],
        }
    }

    /// The same plot with a title (the game's name).
    pub fn with_title(mut self, title: &str) -> SequencePlot {
        self.title = title.to_string();
        self
    }

    /// The same plot with the proven preperiod and period shaded.
    pub fn with_period(mut self, preperiod: u64, period: u64) -> SequencePlot {
        self.period = Some((preperiod, period));
        self
    }

    /// The number of pixel columns.
    pub fn n_columns(&self) -> usize {
        self.plot_width
    }

    /// The pixel column of heap `heap`.
    pub fn column(&self, heap: u64) -> usize {
        let heap = heap.min(self.n_values - 1);
        (u128::from(heap) * self.plot_width as u128 / u128::from(self.n_values)) as usize
    }

    /// The heaps drawn in pixel column `column` (empty for columns between heaps, when there are
    /// fewer heaps than columns).
    pub fn heaps_in_column(&self, column: usize) -> std::ops::Range<u64> {
        // The first heap of a column is the least n with n·width / n_values ≥ column.
        let first = |column: usize| {
            let scaled = column as u128 * u128::from(self.n_values);
            scaled.div_ceil(self.plot_width as u128).min(u128::from(self.n_values)) as u64
        };
        first(column.min(self.plot_width))..first((column + 1).min(self.plot_width))
    }

    /// Draws the value of heap `heap`.
    pub fn add(&mut self, heap: u64, value: u64) {
        self.add_to_column(self.column(heap), value);
    }

    /// Draws a value in pixel column `column` (that of a heap in [`SequencePlot::heaps_in_column`]).
    pub fn add_to_column(&mut self, column: usize, value: u64) {
        let column = column.min(self.plot_width - 1);
        let value = value.min(self.max);
        let row = (u128::from(value) * (PLOT_HEIGHT as u128 - 1) / u128::from(self.max)) as usize;
        let cell = &mut self.cells[column * PLOT_HEIGHT + row];
        *cell = Some(cell.map_or(value, |old| old.max(value)));
    }

    /// The picture: title, axes n and g(n) with ticks, the proven preperiod and period shaded,
    /// and a dot per value drawn.
    pub fn picture(&self) -> Picture {
        let width = SEQUENCE_LEFT + self.plot_width + 20;
        let height = SEQUENCE_TOP + PLOT_HEIGHT + 50;
        Picture::render(width, height, self, true)
    }

    fn draw_on<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        (left, top): (usize, usize),
    ) {
        let _ = root.fill(&WHITE);
        let text = |size: u32| ("sans-serif", size).into_font().color(&BLACK);
        let title = if self.title.is_empty() {
            "g(n)".to_string()
        } else {
            format!("{}: g(n) for n = 0..{}", self.title, self.n_values - 1)
        };
        let _ = root.draw(&Text::new(title, (left as i32, 10), text(18)));
        let (x0, y0) = (left as i32, (top + PLOT_HEIGHT) as i32);
        let x_of = |heap: u64| x0 + self.column(heap) as i32;
        // The proven preperiod (blue) and the first period (green), shaded under the dots.
        if let Some((preperiod, period)) = self.period {
            let shade = |from: u64, to: u64, c: RGBColor| {
                let (a, b) = (
                    x_of(from.min(self.n_values - 1)),
                    x_of(to.min(self.n_values - 1)).max(x_of(from) + 1),
                );
                let _ = root.draw(&Rectangle::new([(a, top as i32), (b, y0)], c.filled()));
            };
            shade(0, preperiod, RGBColor(226, 234, 248));
            shade(preperiod, preperiod.saturating_add(period), RGBColor(214, 240, 216));
            let _ = root.draw(&Text::new(
                format!("preperiod {preperiod} (blue), period {period} (green), proven"),
                (left as i32 + 60, y0 + 26),
                text(12),
            ));
        }
        let axis = BLACK.stroke_width(1);
        let x1 = x0 + self.plot_width as i32;
        let _ = root.draw(&PathElement::new(vec![(x0, top as i32), (x0, y0), (x1, y0)], axis));
        // Ticks on n at round heap sizes, on g(n) at round values.
        let n_step = tick_step_u64(self.n_values);
        let mut heap = 0u64;
        while heap < self.n_values {
            let px = x_of(heap);
            let _ = root.draw(&PathElement::new(vec![(px, y0), (px, y0 + 4)], axis));
            let _ = root.draw(&Text::new(heap.to_string(), (px - 6, y0 + 8), text(11)));
            heap = match heap.checked_add(n_step) {
                Some(next) => next,
                None => break,
            };
        }
        let v_step = tick_step_u64(self.max.saturating_add(1));
        let mut value = 0u64;
        while value <= self.max {
            let py =
                y0 - (u128::from(value) * (PLOT_HEIGHT as u128 - 1) / u128::from(self.max)) as i32;
            let _ = root.draw(&PathElement::new(vec![(x0 - 4, py), (x0, py)], axis));
            let _ = root.draw(&Text::new(value.to_string(), (4, py - 6), text(11)));
            value = match value.checked_add(v_step) {
                Some(next) => next,
                None => break,
            };
        }
        let _ = root.draw(&Text::new("n", (x1 - 10, y0 + 26), text(14)));
        let _ = root.draw(&Text::new("g(n)", (4, top as i32 - 18), text(14)));
        let dot = if self.n_values.saturating_mul(3) <= self.plot_width as u64 { 2 } else { 1 };
        for (cell_idx, value) in self.cells.iter().enumerate() {
            let Some(value) = *value else { continue };
            let (column, row) = (cell_idx / PLOT_HEIGHT, cell_idx % PLOT_HEIGHT);
            let (x, y) = (x0 + column as i32, y0 - row as i32);
            let _ = root.draw(&Circle::new((x, y), dot, rgb(color(value, self.max)).filled()));
        }
    }
}

fn tick_step_u64(n: u64) -> u64 {
    let raw = (n / 10).max(1);
    let magnitude = 10u64.pow((raw as f64).log10().floor() as u32);
    [1u64, 2, 5, 10].iter().map(|m| m.saturating_mul(magnitude)).find(|&s| s >= raw).unwrap_or(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_heap_lies_in_the_column_that_lists_it() {
        for n_values in [1u64, 7, 199, 200, 201, 1199, 1200, 1201, 12_345, 10u64.pow(12), u64::MAX]
        {
            let plot = SequencePlot::new(n_values, 1);
            let mut next = 0;
            for column in 0..plot.n_columns() {
                let heaps = plot.heaps_in_column(column);
                assert_eq!(heaps.start, next, "{n_values}: columns tile the heaps");
                next = heaps.end;
                for heap in [heaps.start, heaps.end.saturating_sub(1)] {
                    if !heaps.is_empty() {
                        assert_eq!(plot.column(heap), column, "{n_values}: heap {heap}");
                    }
                }
            }
            assert_eq!(next, n_values);
        }
    }

    #[test]
    fn a_long_plot_equals_the_plot_of_the_values_in_memory() {
        // Values n mod 5 on 30000 heaps (25 a column): one period per column draws the same pixels.
        let values: Vec<u64> = (0..30_000).map(|n| n % 5).collect();
        let mut plot = SequencePlot::new(30_000, 4);
        for column in 0..plot.n_columns() {
            let heaps = plot.heaps_in_column(column);
            for heap in heaps.start..heaps.end.min(heaps.start + 5) {
                plot.add_to_column(column, heap % 5);
            }
        }
        assert_eq!(plot.picture(), sequence_plot("", &values));
    }

    #[test]
    fn huge_values_and_counts_do_not_overflow() {
        let mut plot = SequencePlot::new(u64::MAX, u64::MAX);
        plot.add(u64::MAX - 1, u64::MAX);
        plot.add(0, 0);
        let picture = plot.with_title("huge").picture();
        assert_eq!(picture.width(), 1290);
        assert!(picture.to_svg().contains("n = 0..18446744073709551614"));
    }
}
