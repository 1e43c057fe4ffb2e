//! The CLI's heap set-up (`src/heap.rs`), run as the binary runs it: on the main thread,
//! which alone uses glibc's main arena (so this test has no libtest harness).

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[path = "../src/heap.rs"]
#[allow(dead_code)]
mod heap;

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn main() {
    heap::tune_malloc();

    // A small source leaves the heap as it is.
    assert_eq!(heap::prepare_for_source(1000), None, "small source");

    let boundary = heap::prepare_for_source(40 << 10)
        .expect("on the main thread the top chunk is where glibc reports it");
    assert_eq!(
        boundary % (2 << 20),
        0,
        "boundary {boundary:#x} is 2 MiB-aligned"
    );

    // The next block from the top chunk starts at the boundary (after its 16-byte header).
    let first: Vec<u8> = vec![0xa5; 300_000];
    assert_eq!(
        first.as_ptr() as usize,
        boundary + 16,
        "the compile's memory starts at the boundary"
    );

    // The range is marked for huge pages where the kernel has them (`hg` in smaps).
    if std::path::Path::new("/sys/kernel/mm/transparent_hugepage/enabled").exists() {
        let smaps = std::fs::read_to_string("/proc/self/smaps").expect("smaps");
        let mut inside = false;
        let mut flags = None;
        for line in smaps.lines() {
            if let Some((range, _)) = line.split_once(' ') {
                if let Some((lo, hi)) = range.split_once('-') {
                    if let (Ok(lo), Ok(hi)) =
                        (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
                    {
                        inside = (lo..hi).contains(&boundary);
                        continue;
                    }
                }
            }
            if inside {
                if let Some(f) = line.strip_prefix("VmFlags:") {
                    flags = Some(f.to_string());
                }
            }
        }
        let flags = flags.expect("the boundary lies in a mapping");
        assert!(
            flags.split_whitespace().any(|f| f == "hg"),
            "MADV_HUGEPAGE set on the heap from the boundary: {flags}"
        );
    }

    // Memory handed out afterwards is ordinary memory: many blocks of many sizes keep
    // their contents through allocation and freeing around them.
    let mut blocks: Vec<Vec<u32>> = Vec::new();
    for i in 0..2000u32 {
        let len = (i as usize * 37) % 5000 + 1;
        blocks.push((0..len as u32).map(|x| x ^ i).collect());
        if i % 3 == 0 {
            let j = (i as usize * 7) % blocks.len();
            blocks.swap_remove(j);
        }
    }
    for b in &blocks {
        let i = b[0];
        assert!(b.iter().enumerate().all(|(x, v)| *v == x as u32 ^ i));
    }
    assert!(first.iter().all(|&b| b == 0xa5));
    println!(
        "heap: boundary {boundary:#x}, {} blocks checked",
        blocks.len()
    );
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn main() {}
