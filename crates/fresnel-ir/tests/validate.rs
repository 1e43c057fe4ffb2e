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

mod random_instructions {
    use fresnel_ir::intrinsic::ALL_INTRINSICS;
    use fresnel_ir::*;
    use proptest::prelude::*;
    use smallvec::SmallVec;

    /// A shader whose `main` defines values of assorted shapes and derefs of assorted
    /// variables, then one arbitrary (usually invalid) instruction made from `seed`.
    fn shader_with(seed: &[u8]) -> Shader {
        let mut s = Shader::new(Stage::Fragment);
        let v4 = s.types.vector(BaseType::Float, 32, 4);
        let i1 = s.types.scalar(BaseType::Int, 32);
        let arr = s.types.array(v4, 3);
        let samp = s.types.intern(Type::Sampler {
            dim: SamplerDim::D2,
            array: false,
            shadow: false,
            result: Some(BaseType::Float),
        });
        let img = s.types.intern(Type::Image {
            dim: SamplerDim::D3,
            array: false,
            result: BaseType::Uint,
        });
        let ac = s.types.intern(Type::AtomicCounter);
        let vars: Vec<(VarId, TypeId, VarMode)> = [
            (v4, VarMode::ShaderIn),
            (i1, VarMode::Global),
            (arr, VarMode::Ssbo),
            (samp, VarMode::Uniform),
            (img, VarMode::Uniform),
            (ac, VarMode::Uniform),
        ]
        .into_iter()
        .enumerate()
        .map(|(i, (t, m))| (s.add_var(Variable::new(format!("v{i}"), t, m)), t, m))
        .collect();
        let main = s.functions.push(Function::new("main"));
        s.entry = Some(main);
        let Shader {
            functions, types, ..
        } = &mut s;
        let mut b = Builder::new(&mut functions[main], types);
        let mut pool: Vec<ValueId> = Vec::new();
        for (bits, n) in [
            (1u8, 1u64),
            (32, 1),
            (32, 2),
            (32, 4),
            (16, 3),
            (64, 1),
            (8, 1),
            (1, 4),
        ] {
            let vals: Vec<u64> = (0..n).collect();
            pool.push(b.constant(bits, &vals));
        }
        for (v, t, m) in &vars {
            pool.push(b.deref_var(*v, *t, *m));
        }
        let idx = pool[1];
        let d = b.deref_var(vars[2].0, vars[2].1, vars[2].2);
        pool.push(b.deref_array(d, idx));
        let mut it = seed.iter().copied().chain(std::iter::repeat(0));
        let mut next = move || it.next().unwrap_or(0);
        let pick = |r: u8| pool[usize::from(r) % pool.len()];
        let nsrcs = usize::from(next() % 6);
        let srcs: Vec<ValueId> = (0..nsrcs).map(|_| pick(next())).collect();
        let shape = (
            [1u8, 8, 16, 32, 64][usize::from(next() % 5)],
            1 + next() % 5,
        );
        match next() % 4 {
            0 => {
                let op = ALL_ALU_OPS[usize::from(next()) % ALL_ALU_OPS.len()];
                let alu_srcs: Vec<AluSrc> = srcs
                    .iter()
                    .map(|v| AluSrc::swizzled(*v, [next() % 6, next() % 6, next() % 6, next() % 6]))
                    .collect();
                b.alu_full(op, shape.0, shape.1.min(4), &alu_srcs, next() % 2 == 0);
            }
            1 => {
                let op = ALL_INTRINSICS[usize::from(next()) % ALL_INTRINSICS.len()];
                let kinds = [
                    IndexKind::Base,
                    IndexKind::WriteMask,
                    IndexKind::Atomic,
                    IndexKind::Access,
                    IndexKind::Range,
                ];
                let indices: fresnel_ir::Indices = (0..next() % 3)
                    .map(|_| {
                        (
                            kinds[usize::from(next()) % kinds.len()],
                            i64::from(next()) - 8,
                        )
                    })
                    .collect();
                let with_dest = next() % 2 == 0;
                let nc = next() % 6;
                let srcs: SmallVec<[ValueId; 3]> = srcs.iter().copied().collect();
                let shapes: Vec<(u8, u8)> = if with_dest { vec![shape] } else { vec![] };
                b.push(&shapes, |d| {
                    InstrKind::Intrinsic(IntrinsicInstr {
                        op,
                        dest: d.first().copied(),
                        srcs,
                        num_components: nc,
                        indices,
                    })
                });
            }
            2 => {
                let op = TexOp::ALL[usize::from(next()) % TexOp::ALL.len()];
                let tsrcs: Vec<(TexSrc, ValueId)> = srcs
                    .iter()
                    .map(|v| (TexSrc::ALL[usize::from(next()) % TexSrc::ALL.len()], *v))
                    .collect();
                b.tex(
                    op,
                    SamplerDim::D2,
                    next() % 2 == 0,
                    next() % 2 == 0,
                    BaseType::Float,
                    shape.1,
                    &tsrcs,
                    next() % 4,
                );
            }
            _ => {
                let blk = b.block();
                let psrcs: Vec<(BlockId, ValueId)> = srcs
                    .iter()
                    .map(|v| (BlockId(u32::from(next() % 3)), *v))
                    .collect();
                b.phi(blk, shape.0, shape.1, &psrcs);
            }
        }
        b.finish();
        s
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Whatever the instruction, the validator answers without panicking, the printer
        /// prints, and the parser either rejects the text or reads back the same text.
        #[test]
        fn arbitrary_instructions_never_panic(seed in prop::collection::vec(any::<u8>(), 0..40)) {
            let s = shader_with(&seed);
            let _ = validate(&s);
            let text = s.to_string();
            if let Ok(p) = parse(&text) {
                let _ = validate(&p);
                prop_assert_eq!(p.to_string(), text);
            }
        }
    }

    #[test]
    fn seeds_make_valid_and_invalid_instructions() {
        // Two sources (the 32-bit scalar constant twice), a 32x1 result, the ALU branch,
        // then the opcode, swizzles `.xyzx` and `.xxxx`, not exact: fine for a
        // per-component op (one component read), out of range for a 3-component dot.
        let seed = |op: u8| vec![2, 1, 1, 3, 0, 0, op, 0, 1, 2, 0, 0, 0, 0, 0, 1];
        let fadd = ALL_ALU_OPS.iter().position(|o| *o == AluOp::Fadd).unwrap() as u8;
        assert_eq!(validate(&shader_with(&seed(fadd))), Ok(()));
        let fdot3 = ALL_ALU_OPS.iter().position(|o| *o == AluOp::Fdot3).unwrap() as u8;
        let e = validate(&shader_with(&seed(fdot3))).unwrap_err();
        assert!(
            e.iter()
                .any(|e| e.message.contains("swizzle reads component 1")),
            "{e:?}"
        );
    }
}
