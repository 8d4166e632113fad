//! Pair counts: how often each two players shared a table, kept in step with every swap
//! the searches make.

/// How often each pair of players shared a table: a dense symmetric byte matrix (counts stay
/// below [`MAX_ROUNDS`](super::MAX_ROUNDS), so a byte is enough).
#[derive(Debug, Clone)]
pub(super) struct Meet {
    n: usize,
    cells: Vec<u8>,
}

impl Meet {
    pub(super) fn new(n: usize) -> Self {
        Self {
            n,
            cells: vec![0; n * n],
        }
    }

    pub(super) fn get(&self, a: u16, b: u16) -> u8 {
        self.cells[usize::from(a) * self.n + usize::from(b)]
    }

    pub(super) fn bump(&mut self, a: u16, b: u16, by: i8) {
        let (a, b) = (usize::from(a), usize::from(b));
        for cell in [a * self.n + b, b * self.n + a] {
            self.cells[cell] = self.cells[cell].wrapping_add_signed(by);
        }
    }

    pub(super) fn add_table(&mut self, table: &[u16], by: i8) {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                self.bump(a, b, by);
            }
        }
    }

    /// Σ over pairs of (meetings − 1)⁺.
    pub(super) fn repeats(&self) -> i64 {
        let mut total = 0_i64;
        for a in 0..self.n {
            for &count in &self.cells[a * self.n + a + 1..(a + 1) * self.n] {
                total += i64::from(count.saturating_sub(1));
            }
        }
        total
    }

    /// Swaps the rows and columns of `a` and `b` (a relabelling of two players).
    pub(super) fn swap_players(&mut self, a: u16, b: u16) {
        let (a, b, n) = (usize::from(a), usize::from(b), self.n);
        for w in 0..n {
            self.cells.swap(a * n + w, b * n + w);
        }
        for w in 0..n {
            self.cells.swap(w * n + a, w * n + b);
        }
    }
}

/// Repeated encounters already in a history (they cannot be undone).
pub(super) fn history_repeats(meet: &Meet) -> i64 {
    meet.repeats()
}
