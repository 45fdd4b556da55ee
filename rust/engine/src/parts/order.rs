//! Move-ordering helpers for `solver_moves` (order never changes which moves exist).

/// Move the items of `v` for which `pred` holds to the front, keeping the order within
/// both groups (no allocation); returns how many were moved to the front.
pub fn stable_partition<T>(v: &mut [T], pred: impl Fn(&T) -> bool) -> usize {
    let mut w = 0;
    for i in 0..v.len() {
        if pred(&v[i]) {
            v[w..=i].rotate_right(1);
            w += 1;
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_within_groups() {
        let mut v = [1, 2, 3, 4, 5, 6, 7];
        assert_eq!(stable_partition(&mut v, |x| x % 3 == 0), 2);
        assert_eq!(v, [3, 6, 1, 2, 4, 5, 7]);
        let mut e: [u8; 0] = [];
        assert_eq!(stable_partition(&mut e, |_| true), 0);
    }
}
