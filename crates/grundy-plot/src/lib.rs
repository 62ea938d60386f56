//! Pictures for `grundy`: a table of values as a heatmap with a legend, and a nim-sequence as a
//! plot of value against heap size, each as PNG bytes or SVG text. No I/O: callers write the
//! bytes where they like.
//!
//! ```
//! let table = vec![vec![0, 1], vec![1, 0]];
//! let picture = grundy_plot::heatmap(&table);
//! assert_eq!(picture.pixel(picture.cell_center(0, 1)), grundy_plot::color(1, 1));
//! let png = picture.to_png();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod font;

/// An RGB colour.
pub type Rgb = [u8; 3];

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [40, 40, 40];
const GRID: Rgb = [200, 200, 200];

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

/// A picture: pixels, and for heatmaps where each cell lies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<Rgb>,
    svg: String,
    cell_origin: (usize, usize),
    cell_size: usize,
}

impl Picture {
    fn blank(width: usize, height: usize) -> Picture {
        Picture {
            width,
            height,
            pixels: vec![WHITE; width * height],
            svg: String::new(),
            cell_origin: (0, 0),
            cell_size: 0,
        }
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
        self.pixels[y * self.width + x]
    }

    /// For a heatmap: the pixel at the centre of the cell of row `row`, column `column`.
    pub fn cell_center(&self, row: usize, column: usize) -> (usize, usize) {
        let (left, top) = self.cell_origin;
        (
            left + column * self.cell_size + self.cell_size / 2,
            top + row * self.cell_size + self.cell_size / 2,
        )
    }

    fn fill(&mut self, x: usize, y: usize, w: usize, h: usize, rgb: Rgb) {
        for row in y..(y + h).min(self.height) {
            for col in x..(x + w).min(self.width) {
                self.pixels[row * self.width + col] = rgb;
            }
        }
    }

    fn text(&mut self, x: usize, y: usize, scale: usize, text: &str) {
        let mut cursor = x;
        for c in text.chars() {
            for (row, bits) in font::glyph(c).iter().enumerate() {
                for col in 0..3 {
                    if bits & (0b100 >> col) != 0 {
                        self.fill(cursor + col * scale, y + row * scale, scale, scale, INK);
                    }
                }
            }
            cursor += 4 * scale;
        }
    }

    /// The picture as PNG bytes.
    pub fn to_png(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, self.width as u32, self.height as u32);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let data: Vec<u8> = self.pixels.iter().flatten().copied().collect();
            // Writing into a Vec cannot fail, and the sizes agree by construction.
            if let Ok(mut writer) = encoder.write_header() {
                let _ = writer.write_image_data(&data);
            }
        }
        bytes
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        self.svg.clone()
    }
}

fn hex(rgb: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// A table of values as a heatmap: `table[row][column]`, row 0 at the top, with a colour legend.
pub fn heatmap(table: &[Vec<u64>]) -> Picture {
    let n_rows = table.len();
    let n_cols = table.iter().map(Vec::len).max().unwrap_or(0);
    let max = table.iter().flatten().copied().max().unwrap_or(0);
    let cell = (720 / n_rows.max(n_cols).max(1)).clamp(1, 24);
    let margin = 16;
    let legend_width = 90;
    let width = margin * 2 + n_cols * cell + legend_width;
    let height = (margin * 2 + n_rows * cell).max(220);
    let mut picture = Picture::blank(width, height);
    picture.cell_origin = (margin, margin);
    picture.cell_size = cell;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for (row, values) in table.iter().enumerate() {
        for (col, &value) in values.iter().enumerate() {
            let rgb = color(value, max);
            picture.fill(margin + col * cell, margin + row * cell, cell, cell, rgb);
            svg.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\"><title>({row}, {col}): {value}</title></rect>\n",
                margin + col * cell,
                margin + row * cell,
                hex(rgb)
            ));
        }
    }
    // Legend: a vertical ramp from max (top) to 0 (bottom), labelled at both ends and the middle.
    let bar_x = margin * 2 + n_cols * cell;
    let bar_top = margin;
    let bar_height = 180;
    for step in 0..bar_height {
        let value = ((bar_height - 1 - step) as u64 * max) / (bar_height as u64 - 1).max(1);
        picture.fill(bar_x, bar_top + step, 16, 1, color(value, max));
        svg.push_str(&format!(
            "<rect x=\"{bar_x}\" y=\"{}\" width=\"16\" height=\"1\" fill=\"{}\"/>\n",
            bar_top + step,
            hex(color(value, max))
        ));
    }
    for (label_value, y) in
        [(max, bar_top), (max / 2, bar_top + bar_height / 2), (0, bar_top + bar_height - 10)]
    {
        picture.text(bar_x + 22, y, 2, &label_value.to_string());
        svg.push_str(&format!(
            "<text x=\"{}\" y=\"{}\">{label_value}</text>\n",
            bar_x + 22,
            y + 10
        ));
    }
    svg.push_str("</svg>\n");
    picture.svg = svg;
    picture
}

/// Height of a sequence plot's drawing area, in pixels.
const PLOT_HEIGHT: usize = 320;

/// A nim-sequence plotted: heap size `n` across, value `G(n)` up.
///
/// For sequences too long to hold in memory, build a [`SequencePlot`] value by value instead.
pub fn sequence_plot(values: &[u64]) -> Picture {
    let max = values.iter().copied().max().unwrap_or(0);
    let mut plot = SequencePlot::new(values.len() as u64, max);
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
/// let mut plot = grundy_plot::SequencePlot::new(n_values, 2);
/// for column in 0..plot.n_columns() {
///     // Three consecutive heaps show every value a column can hold.
///     let heaps = plot.heaps_in_column(column);
///     for heap in heaps.start..heaps.end.min(heaps.start + 3) {
///         plot.add_to_column(column, heap % 3);
///     }
/// }
/// let picture = plot.picture();
/// assert_eq!((picture.width(), picture.height()), (1264, 364));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequencePlot {
    n_values: u64,
    max: u64,
    plot_width: usize,
    /// `cells[column * PLOT_HEIGHT + row]`: the largest value drawn there (row 0 at the bottom).
    cells: Vec<Option<u64>>,
}

impl SequencePlot {
    /// An empty plot of `n_values` values (heaps `0..n_values`) whose largest is `max`.
    pub fn new(n_values: u64, max: u64) -> SequencePlot {
        let n_values = n_values.max(1);
        let plot_width = n_values.clamp(200, 1200) as usize;
        SequencePlot {
            n_values,
            max: max.max(1),
            plot_width,
            cells: vec![None; plot_width * PLOT_HEIGHT],
        }
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

    /// The picture: axes, a dot per value drawn, and the largest value and heap as labels.
    pub fn picture(&self) -> Picture {
        let (max, plot_width, plot_height) = (self.max, self.plot_width, PLOT_HEIGHT);
        let (left, top, bottom_margin) = (48, 16, 28);
        let width = left + plot_width + 16;
        let height = top + plot_height + bottom_margin;
        let mut picture = Picture::blank(width, height);
        let dot = if self.n_values.saturating_mul(3) <= plot_width as u64 { 3 } else { 2 };
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        );
        // Axes.
        picture.fill(left - 1, top, 1, plot_height + 1, GRID);
        picture.fill(left - 1, top + plot_height, plot_width + 1, 1, GRID);
        svg.push_str(&format!(
            "<path d=\"M{0} {1}V{2}H{3}\" stroke=\"#c8c8c8\" fill=\"none\"/>\n",
            left - 1,
            top,
            top + plot_height,
            left + plot_width
        ));
        // One mark per pixel: long sequences stay light.
        for (cell_idx, value) in self.cells.iter().enumerate() {
            let Some(value) = *value else { continue };
            let (column, row) = (cell_idx / plot_height, cell_idx % plot_height);
            let (x, y) = (left + column, top + plot_height - row - 1);
            let rgb = color(value, max);
            picture.fill(x, y.saturating_sub(dot / 2), dot, dot, rgb);
            svg.push_str(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\"/>\n",
                dot.max(2) as f64 / 2.0,
                hex(rgb)
            ));
        }
        picture.text(4, top, 2, &max.to_string());
        picture.text(4, top + plot_height - 10, 2, "0");
        picture.text(left, top + plot_height + 8, 2, "0");
        let last = (self.n_values - 1).to_string();
        picture.text(
            (left + plot_width).saturating_sub(last.len() * 8),
            top + plot_height + 8,
            2,
            &last,
        );
        svg.push_str(&format!(
            "<text x=\"4\" y=\"{}\">{max}</text>\n<text x=\"4\" y=\"{}\">0</text>\n\
             <text x=\"{left}\" y=\"{}\">0</text>\n<text x=\"{}\" y=\"{}\" text-anchor=\"end\">n = {last}</text>\n",
            top + 10,
            top + plot_height,
            height - 6,
            left + plot_width,
            height - 6
        ));
        svg.push_str("</svg>\n");
        picture.svg = svg;
        picture
    }
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
        assert_eq!(plot.picture(), sequence_plot(&values));
    }

    #[test]
    fn huge_values_and_counts_do_not_overflow() {
        let mut plot = SequencePlot::new(u64::MAX, u64::MAX);
        plot.add(u64::MAX - 1, u64::MAX);
        plot.add(0, 0);
        let picture = plot.picture();
        assert_eq!(picture.width(), 1264);
        assert!(picture.to_svg().contains("n = 18446744073709551614"));
    }
}
