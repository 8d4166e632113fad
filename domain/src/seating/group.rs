//! The column group of a grid design and columns of difference matrices over it.
//!
//! A grid design (`constructions.rs`) places the players in a grid whose columns are the
//! elements of a group `G` of order `g`; each round is one column `(φ0, φ1, …)` of a
//! difference matrix over `G`, and the rows' differences `φr − φs` must be pairwise
//! distinct over the chosen columns for no pair to meet twice. `G` is the additive group of
//! GF(q) with `φ = m·(e0, e1, …)` for distinct field elements when `g` is a power of 2 or 3
//! (`g` columns; for `g = 4` this gives the affine plane AG(2,4)), otherwise `Z_g` with
//! `φ = m·(0, 1, 2, …)` (all `g` columns for four rows when `gcd(g, 6) = 1`) or, when that
//! gives too few, a deterministic depth-first search for a longer partial difference
//! matrix.

/// A column `(φ0, …, φ_{rows−1})` of a difference matrix: per grid row, the column offset
/// of that row's player at table 0 (table `j` takes column `j + φr`).
pub(super) type Column = Vec<u32>;

/// Work units for the difference-matrix search of one group.
const DIFFERENCE_SEARCH_WORK: u64 = 3_000_000;

/// Largest group order for which the difference-matrix search runs; beyond it the linear
/// columns already give `g/3` rounds or more.
const DIFFERENCE_SEARCH_MAX_ORDER: u32 = 128;

/// The column group of a grid design.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Group {
    /// The integers modulo `order`.
    Cyclic { order: u32 },
    /// GF(p^k): an element is the base-`p` number whose digits are the coefficients of a
    /// polynomial in `x` (lowest first); `reduce` holds `x^k` written in lower powers.
    Field { p: u32, k: u32, reduce: Vec<u32> },
}

/// Monic irreducible polynomials `x^k + c_{k-1} x^{k-1} + … + c_0`, as `(p, [c_0, …])`.
/// All are primitive except the AES polynomial for 2^8, which is irreducible (a field is
/// all the construction needs); the tests check every one.
const FIELD_POLYNOMIALS: &[(u32, &[u32])] = &[
    (2, &[1, 1]),
    (2, &[1, 1, 0]),
    (2, &[1, 1, 0, 0]),
    (2, &[1, 0, 1, 0, 0]),
    (2, &[1, 1, 0, 0, 0, 0]),
    (2, &[1, 1, 0, 0, 0, 0, 0]),
    (2, &[1, 1, 0, 1, 1, 0, 0, 0]),
    (2, &[1, 0, 0, 0, 1, 0, 0, 0, 0]),
    (3, &[1, 0]),
    (3, &[1, 2, 0]),
    (3, &[2, 1, 0, 0]),
    (3, &[1, 2, 0, 0, 0]),
    (3, &[2, 1, 0, 0, 0, 0]),
];

impl Group {
    /// GF(g) when `g` is 2^k or 3^k with `k ≥ 2` (the cyclic group of such an order has too
    /// few good columns), otherwise `Z_g`.
    pub(super) fn for_order(order: u32) -> Self {
        for &(p, coefficients) in FIELD_POLYNOMIALS {
            let k = coefficients.len() as u32;
            if p.checked_pow(k) == Some(order) {
                return Self::Field {
                    p,
                    k,
                    reduce: coefficients.iter().map(|&c| (p - c) % p).collect(),
                };
            }
        }
        Self::Cyclic { order }
    }

    fn order(&self) -> u32 {
        match self {
            Self::Cyclic { order } => *order,
            Self::Field { p, k, .. } => p.pow(*k),
        }
    }

    fn digits(p: u32, k: u32, mut value: u32) -> Vec<u32> {
        (0..k)
            .map(|_| {
                let digit = value % p;
                value /= p;
                digit
            })
            .collect()
    }

    fn number(p: u32, digits: &[u32]) -> u32 {
        digits.iter().rev().fold(0, |acc, &d| acc * p + d)
    }

    pub(super) fn add(&self, a: u32, b: u32) -> u32 {
        match self {
            Self::Cyclic { order } => (a + b) % order,
            Self::Field { p, k, .. } => {
                let (da, db) = (Self::digits(*p, *k, a), Self::digits(*p, *k, b));
                let sum: Vec<u32> = da.iter().zip(&db).map(|(x, y)| (x + y) % p).collect();
                Self::number(*p, &sum)
            }
        }
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        match self {
            Self::Cyclic { order } => (a * b) % order,
            Self::Field { p, k, reduce } => {
                let k = *k as usize;
                let (da, db) = (Self::digits(*p, k as u32, a), Self::digits(*p, k as u32, b));
                let mut product = vec![0_u32; 2 * k - 1];
                for (i, x) in da.iter().enumerate() {
                    for (j, y) in db.iter().enumerate() {
                        product[i + j] = (product[i + j] + x * y) % p;
                    }
                }
                for degree in (k..product.len()).rev() {
                    let coefficient = product[degree];
                    product[degree] = 0;
                    for (i, r) in reduce.iter().enumerate() {
                        let at = degree - k + i;
                        product[at] = (product[at] + coefficient * r) % p;
                    }
                }
                Self::number(*p, &product[..k])
            }
        }
    }

    /// Columns `(φ0, …, φ_{rows−1})` of a (partial) difference matrix with `φ0 = 0`: for
    /// every two rows the differences `φr − φs` over the columns are pairwise distinct. At
    /// most `want` columns.
    pub(super) fn columns(&self, want: usize, rows: usize) -> Vec<Column> {
        match self {
            Self::Field { .. } => {
                // φ = m·(e0, e1, …) for distinct field elements e_r (the numbers 0, 1, 2, …
                // read as digit strings): m·(e_r − e_s) is injective in m.
                if (self.order() as usize) < rows {
                    return Vec::new();
                }
                (0..self.order())
                    .take(want)
                    .map(|m| (0..rows as u32).map(|e| self.mul(m, e)).collect())
                    .collect()
            }
            Self::Cyclic { order } => {
                let g = *order;
                // φ = m·(0, 1, 2, …): two multipliers clash only if their difference δ has
                // δ·d ≡ 0 (mod g) for a row difference d < rows.
                let mut multipliers: Vec<u32> = Vec::new();
                for m in 0..g {
                    if multipliers.len() >= want {
                        break;
                    }
                    let fits = multipliers.iter().all(|&other| {
                        let delta = (m + g - other) % g;
                        (1..rows as u32).all(|d| (delta * d) % g != 0)
                    });
                    if fits {
                        multipliers.push(m);
                    }
                }
                let linear: Vec<Column> = multipliers
                    .iter()
                    .map(|&m| (0..rows as u32).map(|r| (r * m) % g).collect())
                    .collect();
                if linear.len() >= want || g > DIFFERENCE_SEARCH_MAX_ORDER {
                    return linear;
                }
                let searched = difference_search(g, want, rows);
                if searched.len() > linear.len() {
                    searched
                } else {
                    linear
                }
            }
        }
    }
}

/// Depth-first search for a partial difference matrix over `Z_g` (`g ≤ 128`): columns
/// `(0, a1, a2, …)` with `a1` increasing from column to column, values tried in increasing
/// order, so the result is a fixed function of `g`, `want` and `rows`. Returns the longest
/// matrix found within the work budget.
fn difference_search(g: u32, want: usize, rows: usize) -> Vec<Column> {
    struct Search {
        g: usize,
        rows: usize,
        want: usize,
        /// For rows `s < r`, at `s·rows + r`: the differences `φr − φs` used so far.
        used: Vec<u128>,
        columns: Vec<Column>,
        best: Vec<Column>,
        work: u64,
    }
    impl Search {
        /// Sets row `column.len()` of the next column (row 0 is always 0).
        fn run(&mut self, a_min: usize, column: &mut Column) -> bool {
            if column.len() == self.rows {
                self.columns.push(column.clone());
                if self.columns.len() > self.best.len() {
                    self.best.clone_from(&self.columns);
                }
                if self.columns.len() >= self.want {
                    return true;
                }
                let next_min = column[1] as usize + 1;
                if self.g - next_min.min(self.g) < self.want - self.columns.len() {
                    self.columns.pop();
                    return false;
                }
                let mut next = vec![0];
                if self.run(next_min, &mut next) {
                    return true;
                }
                self.columns.pop();
                return false;
            }
            let (g, r) = (self.g, column.len());
            let low = if r == 1 { a_min } else { 0 };
            for value in low..g {
                self.work += 1;
                if self.work > DIFFERENCE_SEARCH_WORK {
                    return false;
                }
                // Row `r` against each earlier row `s` of this column.
                let slots: Vec<(usize, usize)> = column
                    .iter()
                    .enumerate()
                    .map(|(s, &earlier)| (s * self.rows + r, (value + g - earlier as usize) % g))
                    .collect();
                if slots
                    .iter()
                    .any(|&(slot, difference)| self.used[slot] >> difference & 1 == 1)
                {
                    continue;
                }
                for &(slot, difference) in &slots {
                    self.used[slot] |= 1 << difference;
                }
                column.push(value as u32);
                if self.run(a_min, column) {
                    return true;
                }
                column.pop();
                for &(slot, difference) in &slots {
                    self.used[slot] &= !(1 << difference);
                }
            }
            false
        }
    }
    let mut search = Search {
        g: g as usize,
        rows,
        want,
        used: vec![0; rows * rows],
        columns: Vec::new(),
        best: Vec::new(),
        work: 0,
    };
    search.run(0, &mut vec![0]);
    search.best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_tables_are_fields() {
        for &(p, coefficients) in FIELD_POLYNOMIALS {
            let q = p.pow(coefficients.len() as u32);
            let group = Group::for_order(q);
            assert!(matches!(group, Group::Field { .. }));
            if q > 243 {
                // Large fields: the design tests check the multipliers actually used.
                continue;
            }
            for a in 1..q {
                let mut image: Vec<u32> = (0..q).map(|b| group.mul(a, b)).collect();
                image.sort_unstable();
                assert_eq!(
                    image,
                    (0..q).collect::<Vec<_>>(),
                    "GF({q}): {a} is a zero divisor"
                );
            }
        }
    }
}
