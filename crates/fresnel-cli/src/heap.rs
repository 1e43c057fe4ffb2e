//! How this short-lived process uses glibc's heap (Linux with glibc only; elsewhere these are
//! no-ops). Nothing here changes what the compiler computes, only where its memory lies and
//! how the kernel backs it (performance).
//!
//! Measured on the virtual machines we run on, a first touch of a fresh 4 KiB page costs
//! 1.3-1.7 µs (allocation, zeroing and mapping in the kernel; asking for the pages up front
//! with `MADV_POPULATE_WRITE` costs the same), while one 2 MiB transparent huge page costs
//! about 100 µs: seven times less per byte. A small compile touches about 25 heap pages and
//! is best left alone; a 37 KB compute shader touches over 500, a fifth of its whole time.

/// Keeps the whole heap of this short-lived process in glibc's main arena and never returns
/// it to the kernel early. By default a block over 128 KiB (a big shader's token list, syntax
/// tree, HIR, IR arenas, SPIR-V tables) is its own `mmap`, unmapped when freed, so the next
/// phase faults in fresh pages instead of reusing that memory, and the top of the heap is
/// trimmed as soon as 128 KiB are free. With both thresholds raised, the 37 KB
/// `spv.subgroupExtendedTypesArithmetic.comp` took 806 page faults instead of 953; a small
/// shader allocates no such block and is unaffected. The top pad grows the heap 4 MiB at a
/// time (fewer `brk` calls; untouched pages cost nothing).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[cfg_attr(test, allow(dead_code))]
pub fn tune_malloc() {
    #[allow(unsafe_code)]
    // SAFETY: `mallopt` takes two plain integers and only sets allocator parameters (under
    // the arena lock); it has no pointer arguments or other preconditions, and any value is
    // accepted or refused with a return of 0, which needs no handling (the defaults stay).
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD as libc::c_int);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_TOP_PAD, 4 << 20);
    }
}

/// Blocks up to this size come from the heap (see [`tune_malloc`]).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: usize = 32 << 20;

/// Source sizes from which the compile's heap is backed by huge pages. One huge page costs
/// about as much as 70 first touches of 4 KiB pages; a compile touches roughly 15 to 25 heap
/// pages per KiB of source, so below this size the huge page does not pay for itself
/// (measured, `perf stat`: an empty shader takes 0.43 ms with 4 KiB pages and 0.47 ms with
/// a huge page, a 5 KB one 1.19 ms against 0.91 ms, the 37 KB compute shader 2.57 ms
/// against 2.07 ms).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HUGE_PAGE_SOURCE_BYTES: u64 = 4 << 10;

/// Heap bytes made ready per source byte: generous, since untouched memory costs nothing.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HEAP_PER_SOURCE_BYTE: u64 = 128;

#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HUGE_PAGE: usize = 2 << 20;

/// Prepares the heap for compiling `source_bytes` of GLSL: from this size on
/// ([`HUGE_PAGE_SOURCE_BYTES`]) the rest of the heap starts on a 2 MiB boundary and is marked
/// for transparent huge pages (`MADV_HUGEPAGE`), so that the compile's memory arrives in
/// 2 MiB pages instead of 4 KiB ones. Call once, on the main thread, before the compile
/// allocates. Returns the boundary where the heap's free memory now starts, or `None` when
/// nothing was done.
///
/// How: glibc's main arena hands out memory from the low end of its top chunk, which ends at
/// the program break.
/// 1. A block from the start of the top chunk to past what the compile will need extends
///    the heap. Only its header (below the boundary) and the header of the top chunk after
///    it (at the far end) are written, so no page of the range to mark has been touched: a
///    2 MiB range with one 4 KiB page already mapped is never given a huge page.
/// 2. The range from the boundary to the program break is marked, and the block is freed
///    back into the top chunk.
/// 3. A block reaching exactly to the boundary is allocated and kept for the life of the
///    process (only its header is written; it costs address space, not memory), so the
///    top chunk, and so the compile's memory, starts at the boundary.
///
/// The kernel uses a huge page where a whole aligned 2 MiB range lies in the marked range,
/// and ordinary pages when transparent huge pages are off or none is free.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn prepare_for_source(source_bytes: u64) -> Option<usize> {
    if source_bytes < HUGE_PAGE_SOURCE_BYTES {
        return None;
    }
    let want = (source_bytes.saturating_mul(HEAP_PER_SOURCE_BYTE) as usize)
        .clamp(HUGE_PAGE, MMAP_THRESHOLD - 2 * HUGE_PAGE);
    #[allow(unsafe_code)]
    // SAFETY: every call is to glibc's allocator or the kernel with values they define:
    // `sbrk(0)` only reads the current program break; `mallinfo2` returns plain counts; the
    // blocks from `malloc` are checked for null and never read or written; the first is
    // freed exactly once, the second is freed at once if it is not where expected and is
    // otherwise kept for the life of the process. `madvise(MADV_HUGEPAGE)` changes only how
    // the kernel backs the pages, never their contents, so marking heap memory that glibc
    // owns is sound whoever uses it; its range is page-aligned (the boundary is 2 MiB-aligned,
    // the program break page-aligned) and lies inside the heap, and a failure leaves ordinary
    // pages. If another thread used the main arena in between, a block is not where expected
    // and the function stops, having changed nothing but the heap's size.
    unsafe {
        let brk = libc::sbrk(0) as usize;
        let top_size = libc::mallinfo2().keepcost;
        if brk == usize::MAX || top_size == 0 || top_size > brk {
            return None;
        }
        let top = brk - top_size;
        let boundary = top.next_multiple_of(HUGE_PAGE);
        let gap = boundary - top;
        let room = libc::malloc(gap + want);
        if room.is_null() {
            return None;
        }
        if room as usize != top + 16 {
            // Not from the top chunk (a free block fitted, or another thread allocated).
            libc::free(room);
            return None;
        }
        let end = libc::sbrk(0) as usize;
        if end <= boundary + HUGE_PAGE {
            libc::free(room);
            return None;
        }
        libc::madvise(
            boundary as *mut libc::c_void,
            end - boundary,
            libc::MADV_HUGEPAGE,
        );
        libc::free(room);
        // A request of `n` bytes takes a chunk of `n + 8` rounded up to 16, and 32 bytes at
        // least: a block of `gap - 8` ends exactly at the boundary.
        if gap >= 32 {
            let spacer = libc::malloc(gap - 8);
            if spacer.is_null() {
                return None;
            }
            if spacer as usize != top + 16 {
                libc::free(spacer);
                return None;
            }
        }
        Some(boundary)
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn prepare_for_source(_source_bytes: u64) -> Option<usize> {
    None
}
