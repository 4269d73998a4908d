#!/usr/bin/env python3
"""Scratch instrumentation, never part of the series: patch the working
tree in build/linux to time the phases of a sampled-hints drain
(decision, migration, accounting, mmap_lock) and of a NUMA hinting fault
(do_numa_page(), its migration, task_numa_work()), reported through
trace_printk() every 1024 drains or 16384 faults as running totals.

  cd build/linux && python3 ../../bench/instrument/drain_phases.py
  bash harness/kernel.sh && cp build/obj/arch/x86/boot/bzImage build/bzImage-instr
  git -C build/linux checkout -- .      # before anything else builds
  KERNEL=build/bzImage-instr harness/vm.sh -t 2node -r $PWD/build/results/instr \\
      $PWD/bench/instrument/drain_phases.sh

The guest script leaves scan.trace and sample.trace (the last two lines
of each) next to hintbench's output.
"""
p='mm/numa_hint/place.c'
s=open(p).read()
s=s.replace('''#include "../internal.h"
#include "internal.h"
''','''#include "../internal.h"
#include "internal.h"

atomic64_t numab_t[8];
static inline void numab_acc(int i, u64 t0) { atomic64_add(local_clock() - t0, &numab_t[i]); }
''',1)
old='''	int i;

	migrate_misplaced_pages(b->movers, b->nr_movers);
	for (i = 0; i < b->nr_faults; i++) {'''
new='''	int i;
	u64 t0 = local_clock();

	migrate_misplaced_pages(b->movers, b->nr_movers);
	numab_acc(1, t0);
	atomic64_add(b->nr_movers, &numab_t[5]);
	t0 = local_clock();
	for (i = 0; i < b->nr_faults; i++) {'''
assert old in s; s=s.replace(old,new)
old='''		if (!f->sibling)
			task_numa_fault(f->last_cpupid, nid, f->nr_pages,
					f->flags);
	}
}'''
new='''		if (!f->sibling)
			task_numa_fault(f->last_cpupid, nid, f->nr_pages,
					f->flags);
	}
	numab_acc(2, t0);
}'''
assert old in s; s=s.replace(old,new)
old='''	/* The address space of an exiting or killed task is going away */
	if (!mm || mmap_read_lock_killable(mm)) {
		count_vm_events(NUMA_SAMPLE_DROP_UNMAPPED, nr);
		return;
	}
	for (i = 0; i < nr; i++)
		count_vm_event(numa_sample_take(&b, mm, &samples[i]));
	numa_sample_place(&b);
	mmap_read_unlock(mm);
}'''
new='''	u64 t0 = local_clock(), t1;
	/* The address space of an exiting or killed task is going away */
	if (!mm || mmap_read_lock_killable(mm)) {
		count_vm_events(NUMA_SAMPLE_DROP_UNMAPPED, nr);
		return;
	}
	numab_acc(3, t0);
	t1 = local_clock();
	for (i = 0; i < nr; i++)
		count_vm_event(numa_sample_take(&b, mm, &samples[i]));
	numab_acc(0, t1);
	numa_sample_place(&b);
	mmap_read_unlock(mm);
	numab_acc(4, t0);
	atomic64_add(nr, &numab_t[6]);
	if ((atomic64_inc_return(&numab_t[7]) & 1023) == 0)
		trace_printk("numab apply %lld take %lld migrate %lld account %lld lock %lld total %lld movers %lld samples %lld\\n",
			     atomic64_read(&numab_t[7]), atomic64_read(&numab_t[0]), atomic64_read(&numab_t[1]),
			     atomic64_read(&numab_t[2]), atomic64_read(&numab_t[3]), atomic64_read(&numab_t[4]),
			     atomic64_read(&numab_t[5]), atomic64_read(&numab_t[6]));
}'''
assert old in s; s=s.replace(old,new)
s=s.replace('#include <linux/vmstat.h>\n','#include <linux/vmstat.h>\n#include <linux/sched/clock.h>\n',1)
open(p,'w').write(s)
# split migrate: isolate vs migrate_pages
p='mm/migrate.c'
s=open(p).read()
old='''	for (i = 0; i < nr; i++)
		if (misplaced_page_isolate(&pages[i]))
			node_set(pages[i].nid, targets);
	for_each_node_mask(nid, targets)
		migrate_misplaced_to_node(pages, nr, nid);'''
new='''	u64 t0 = local_clock();
	extern atomic64_t numab_m[2];

	for (i = 0; i < nr; i++)
		if (misplaced_page_isolate(&pages[i]))
			node_set(pages[i].nid, targets);
	atomic64_add(local_clock() - t0, &numab_m[0]);
	t0 = local_clock();
	for_each_node_mask(nid, targets)
		migrate_misplaced_to_node(pages, nr, nid);
	atomic64_add(local_clock() - t0, &numab_m[1]);'''
assert old in s; s=s.replace(old,new)
s=s.replace('''void migrate_misplaced_pages(struct misplaced_page *pages, int nr)
{''','''atomic64_t numab_m[2];
void migrate_misplaced_pages(struct misplaced_page *pages, int nr)
{''',1)
open(p,'w').write(s)
s=open('mm/numa_hint/place.c').read()
s=s.replace('atomic64_t numab_t[8];','atomic64_t numab_t[8];\nextern atomic64_t numab_m[2];',1)
s=s.replace('movers %lld samples %lld\\n",','movers %lld samples %lld isolate %lld mpages %lld\\n",',1)
s=s.replace('atomic64_read(&numab_t[5]), atomic64_read(&numab_t[6]));','atomic64_read(&numab_t[5]), atomic64_read(&numab_t[6]), atomic64_read(&numab_m[0]), atomic64_read(&numab_m[1]));',1)
open('mm/numa_hint/place.c','w').write(s)
p='mm/memory.c'
s=open(p).read()
s=s.replace('static vm_fault_t do_numa_page(struct vm_fault *vmf)\n{','static vm_fault_t __do_numa_page(struct vm_fault *vmf)\n{',1)
s=s.replace('	flags |= migrate_misplaced_page(page, vma, target_nid);','	{ u64 t0 = local_clock(); flags |= migrate_misplaced_page(page, vma, target_nid); atomic64_add(local_clock() - t0, &numab_f[2]); atomic64_inc(&numab_f[3]); }',1)
i=s.index('static vm_fault_t __do_numa_page(')
s=s[:i]+'atomic64_t numab_f[6];\n'+s[i:]
wrap='''
static vm_fault_t do_numa_page(struct vm_fault *vmf)
{
	u64 t0 = local_clock();
	vm_fault_t ret = __do_numa_page(vmf);

	atomic64_add(local_clock() - t0, &numab_f[0]);
	if ((atomic64_inc_return(&numab_f[1]) & 16383) == 0)
		trace_printk("numab faults %lld fault_ns %lld migrate_ns %lld migrations %lld scan_ns %lld scans %lld\\n",
			     atomic64_read(&numab_f[1]), atomic64_read(&numab_f[0]), atomic64_read(&numab_f[2]),
			     atomic64_read(&numab_f[3]), atomic64_read(&numab_f[4]), atomic64_read(&numab_f[5]));
	return ret;
}
'''
# insert wrapper after __do_numa_page definition: find next "\n}\n" after i
j=s.index('\n}\n', s.index('static vm_fault_t __do_numa_page('))+3
s=s[:j]+wrap+s[j:]
open(p,'w').write(s)
p='kernel/sched/fair.c'
s=open(p).read()
s=s.replace('static void task_numa_work(struct callback_head *work)\n{','static void __task_numa_work(struct callback_head *work)\n{',1)
j=s.index('\n}\n', s.index('static void __task_numa_work('))+3
s=s[:j]+'''
extern atomic64_t numab_f[6];
static void task_numa_work(struct callback_head *work)
{
	u64 t0 = local_clock();

	__task_numa_work(work);
	atomic64_add(local_clock() - t0, &numab_f[4]);
	atomic64_inc(&numab_f[5]);
}
'''+s[j:]
open(p,'w').write(s)

# local_clock() in the files that lack its header
for p in ('mm/memory.c', 'mm/migrate.c'):
    s = open(p).read()
    if 'linux/sched/clock.h' not in s:
        s = s.replace('#include <linux/mm.h>\n', '#include <linux/mm.h>\n#include <linux/sched/clock.h>\n', 1)
        open(p, 'w').write(s)
