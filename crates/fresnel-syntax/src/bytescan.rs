//! Byte searches for the lexer and the source map.
//!
//! On x86-64 they go through memchr's SSE2 searchers (SSE2 is part of the x86-64 baseline)
//! rather than its top-level functions: those pick AVX2 at run time, and the first call's CPU
//! feature detection runs `cpuid` several times, an instruction a hypervisor traps. That was
//! about 3% of a small compile's whole-process time (perf, `std_detect` under `memchr3`),
//! paid once per process for a gain only long haystacks see. Elsewhere, memchr's own choice.

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use memchr::arch::x86_64::sse2::memchr::{One, Three, Two};

/// The position of the first `n` in `hay`.
pub fn find(n: u8, hay: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(s) = One::new(n) {
        return s.find(hay);
    }
    memchr::memchr(n, hay)
}

/// The position of the first of `a`, `b` or `c` in `hay`.
pub fn find3(a: u8, b: u8, c: u8, hay: &[u8]) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(s) = Three::new(a, b, c) {
        return s.find(hay);
    }
    memchr::memchr3(a, b, c, hay)
}

/// How many times `n` occurs in `hay`.
pub fn count(n: u8, hay: &[u8]) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(s) = One::new(n) {
        return s.count(hay);
    }
    memchr::memchr_iter(n, hay).count()
}

/// Calls `f` with the position of every `a` or `b` in `hay`, in order.
pub fn for_each2(a: u8, b: u8, hay: &[u8], mut f: impl FnMut(usize)) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some(s) = Two::new(a, b) {
        s.iter(hay).for_each(f);
        return;
    }
    memchr::memchr2_iter(a, b, hay).for_each(&mut f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_agree_with_a_plain_scan() {
        // Lengths around the vector widths, needles at every position.
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 64, 100] {
            for at in 0..=len {
                let mut hay = vec![b'x'; len];
                if at < len {
                    hay[at] = b'\r';
                }
                if at + 3 < len {
                    hay[at + 3] = b'\n';
                }
                let plain = |set: &[u8]| hay.iter().position(|c| set.contains(c));
                assert_eq!(find(b'\r', &hay), plain(b"\r"));
                assert_eq!(find3(b'\n', b'\r', b'\\', &hay), plain(b"\n\r\\"));
                assert_eq!(
                    count(b'\n', &hay),
                    hay.iter().filter(|&&c| c == b'\n').count()
                );
                let mut seen = Vec::new();
                for_each2(b'\n', b'\r', &hay, |i| seen.push(i));
                let want: Vec<usize> = (0..len).filter(|&i| hay[i] != b'x').collect();
                assert_eq!(seen, want);
            }
        }
    }
}
