//! Seat assignment: the order of tables in a round and of players at a table.
//!
//! In each table one player is made first dealer (seat 0) and another list keeper (the last
//! seat) so that the counts per player are as even as the tables allow: a greedy choice,
//! then augmenting paths that shift a table from a player with two more to one with fewer.

use super::random::Rng;
use super::{Round, Table};

/// 4-tables first, then 5-tables, otherwise keeping the order.
pub(super) fn order_tables(round: &mut [Table]) {
    round.sort_by_key(Vec::len);
}

/// Orders every table: a first dealer at seat 0 and a list keeper at the last seat, chosen
/// so that per player the totals (with the prior counts) are as even as possible, the other
/// players in between in seeded order.
pub(super) fn assign_seats(
    rounds: &mut [Round],
    n: usize,
    prior_dealer: &[u32],
    prior_keeper: &[u32],
    rng: &mut Rng,
) {
    let tables: Vec<Table> = rounds.iter().flatten().cloned().collect();
    let dealers = balanced_holders(&tables, n, prior_dealer, &vec![u16::MAX; tables.len()], rng);
    let keepers = balanced_holders(&tables, n, prior_keeper, &dealers, rng);
    let mut index = 0;
    for round in rounds.iter_mut() {
        for table in round.iter_mut() {
            let (dealer, keeper) = (dealers[index], keepers[index]);
            index += 1;
            let mut middle: Vec<u16> = table
                .iter()
                .copied()
                .filter(|&p| p != dealer && p != keeper)
                .collect();
            rng.shuffle(&mut middle);
            let mut seated = Vec::with_capacity(table.len());
            if dealer != u16::MAX {
                seated.push(dealer);
            }
            seated.extend(middle);
            if keeper != u16::MAX && keeper != dealer {
                seated.push(keeper);
            }
            *table = seated;
        }
    }
}

/// Picks one holder per table among its players (never `excluded[t]`), so that prior count
/// plus holdings is as even as possible: greedy least-loaded first, then augmenting paths
/// that pass a table from a player to one with at least two fewer until none is left (at
/// that point both the maximum and the minimum are optimal).
fn balanced_holders(
    tables: &[Table],
    n: usize,
    prior: &[u32],
    excluded: &[u16],
    rng: &mut Rng,
) -> Vec<u16> {
    let mut load: Vec<u32> = prior.to_vec();
    let mut holder = vec![u16::MAX; tables.len()];
    let mut held: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (t, table) in tables.iter().enumerate() {
        let mut best: Option<(u32, u64, u16)> = None;
        for &p in table {
            if p == excluded[t] {
                continue;
            }
            let key = (load[usize::from(p)], rng.next_u64(), p);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
        if let Some((_, _, p)) = best {
            holder[t] = p;
            load[usize::from(p)] += 1;
            held[usize::from(p)].push(t);
        }
    }
    while let (Some(&max), Some(&min)) = (load.iter().max(), load.iter().min()) {
        if max < min + 2 {
            break;
        }
        let mut improved = false;
        let mut heavy: Vec<usize> = (0..n).filter(|&p| load[p] >= min + 2).collect();
        heavy.sort_by_key(|&p| std::cmp::Reverse(load[p]));
        // A failed search from `start` explored everything reachable from it; later starts
        // have no more load, so none of those players can succeed either until a table
        // moves. Marking them saves repeating the same search (stamp = search number).
        let mut dead = vec![false; n];
        let mut stamp = vec![0_u32; n];
        let mut came_from: Vec<(usize, usize)> = vec![(0, 0); n];
        let mut search = 0_u32;
        for start in heavy {
            if dead[start] {
                continue;
            }
            // Breadth-first over "holds a table that this player also sits at".
            search += 1;
            stamp[start] = search;
            let mut reached = vec![start];
            let mut queue = std::collections::VecDeque::from([start]);
            let mut found = None;
            'search: while let Some(a) = queue.pop_front() {
                for &t in &held[a] {
                    for &b in &tables[t] {
                        let b = usize::from(b);
                        if stamp[b] == search || u16::try_from(b).ok() == Some(excluded[t]) {
                            continue;
                        }
                        stamp[b] = search;
                        came_from[b] = (a, t);
                        reached.push(b);
                        if load[b] + 2 <= load[start] {
                            found = Some(b);
                            break 'search;
                        }
                        queue.push_back(b);
                    }
                }
            }
            let Some(end) = found else {
                for p in reached {
                    dead[p] = true;
                }
                continue;
            };
            let mut b = end;
            while b != start {
                let (a, t) = came_from[b];
                holder[t] = b as u16;
                held[a].retain(|&x| x != t);
                held[b].push(t);
                b = a;
            }
            dead.iter_mut().for_each(|d| *d = false);
            load[start] -= 1;
            load[end] += 1;
            improved = true;
        }
        if !improved {
            break;
        }
    }
    holder
}
