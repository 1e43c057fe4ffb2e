//! Validator tests: every `tests/validate/*.ir` file starts with `// expect: MESSAGE` (a
//! piece of the error the validator must report) or `// expect: ok`; plus rules that the
//! parser already enforces (tree shape, CFG and use-list consistency), broken by editing a
//! built shader directly.

mod common;

use fresnel_ir::*;

#[test]
fn validate_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/validate");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/validate exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "only {} files", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let Some(expect) = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
        else {
            failures.push(format!("{name}: no '// expect: ' first line"));
            continue;
        };
        let shader = match parse(&text) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: parse error {e}"));
                continue;
            }
        };
        match (validate(&shader), expect) {
            (Ok(()), "ok") => {}
            (Ok(()), _) => failures.push(format!("{name}: valid, expected '{expect}'")),
            (Err(errs), "ok") => failures.push(format!("{name}: {}", errs[0])),
            (Err(errs), _) => {
                if !errs.iter().any(|e| e.to_string().contains(expect)) {
                    let all: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                    failures.push(format!(
                        "{name}: expected '{expect}', got:\n  {}",
                        all.join("\n  ")
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn errors(s: &Shader) -> String {
    match validate(s) {
        Ok(()) => String::new(),
        Err(e) => e
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn stale_cfg_is_reported() {
    let mut s = common::sample_shader();
    assert_eq!(errors(&s), "");
    let main = s.entry.unwrap();
    let f = &mut s.functions[main];
    let b = f.start_block();
    f.blocks[b].succs = [Some(f.end_block), None];
    let e = errors(&s);
    assert!(e.contains("stored successors"), "{e}");
}

#[test]
fn stale_use_lists_are_reported() {
    let mut s = common::sample_shader();
    let main = s.entry.unwrap();
    let f = &mut s.functions[main];
    f.values[ValueId(1)].uses.clear();
    let e = errors(&s);
    assert!(e.contains("use list of %1"), "{e}");
    s.functions[main].rebuild_uses();
    assert_eq!(errors(&s), "");
}

#[test]
fn broken_tree_is_reported_without_panicking() {
    // Two adjacent blocks.
    let mut s = common::sample_shader();
    let main = s.entry.unwrap();
    let f = &mut s.functions[main];
    let extra = f.blocks.push(Block {
        list: Some(ListRef::Body),
        ..Block::default()
    });
    f.body.insert(1, CfNode::Block(extra));
    let e = errors(&s);
    assert!(e.contains("follows another block"), "{e}");

    // A list that does not start with a block.
    let mut s = common::sample_shader();
    let f = &mut s.functions[main];
    f.body.remove(0);
    let e = errors(&s);
    assert!(e.contains("does not start with a block"), "{e}");

    // A break outside any loop.
    let mut s = common::sample_shader();
    let f = &mut s.functions[main];
    let b = f.start_block();
    let id = f.new_instr(b, &[], |_| InstrKind::Jump(JumpKind::Break));
    f.append_instr(b, id);
    let e = errors(&s);
    assert!(e.contains("'break' outside a loop"), "{e}");

    // A block recording the wrong list, an instruction recording the wrong block.
    let mut s = common::sample_shader();
    let f = &mut s.functions[main];
    let b = f.start_block();
    let i = f.blocks[b].instrs[0];
    f.instrs[i].block = f.end_block;
    let e = errors(&s);
    assert!(e.contains("instruction records block"), "{e}");

    // The end block holding an instruction.
    let mut s = common::sample_shader();
    let f = &mut s.functions[main];
    let end = f.end_block;
    let id = f.new_instr(end, &[(32, 1)], |d| InstrKind::Undef { dest: d[0] });
    f.insert_instr(end, 0, id);
    let e = errors(&s);
    assert!(e.contains("the end block holds instructions"), "{e}");
}

#[test]
fn removed_definition_is_reported() {
    let mut s = common::sample_shader();
    let main = s.entry.unwrap();
    let f = &mut s.functions[main];
    // %6 (the constant 0) is used; take it out of its block behind the use lists' back.
    let def = f.values[ValueId(6)].def;
    let b = f.instrs[def].block;
    f.blocks[b].instrs.retain(|i| *i != def);
    f.instrs[def].removed = true;
    let e = errors(&s);
    assert!(e.contains("%6 is read but not defined"), "{e}");
}
